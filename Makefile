# OpenMaps: `make run` shows it, `make test` checks it. Both set up what is missing first.
SWIFT ?= swift
OUT ?= out

.PHONY: setup build run test docs api-check api-dump fuzz record-goldens benchmarks playground-benchmark playground-chromium basemap geodata geocoder geocoder-compare cluster-compare cluster-frames solver-oracle solver-compare tiles clean

setup:
	@./scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product openmaps

# The playground: OpenMaps live in a browser (open the URL it prints). HOST and PORT override
# where it listens (loopback by default).
HOST ?= 127.0.0.1
PORT ?= 8080
run: build
	$$($(SWIFT) build -c release --show-bin-path)/openmaps serve --host $(HOST) --port $(PORT)

# Every test, after the docs build without a warning. The hostile cases, the fuzzing slice and
# the browser test of every sample (CPU-heavy: hang and memory guards, Chromium drawing every
# sample) run after the rest, so they never starve its real-time
# tests on a small machine; the leak tests last and one at a time, so nothing else moves the
# heap they measure. Last, a check that the run left no process behind (browsers, drivers,
# children).
HEAVY_SUITES = HostileInputTests|FuzzTests|everySampleShowsWhatItPromisesInTheBrowser
LEAK_SUITES = LeakTests
test: setup docs api-check
	$(SWIFT) test --skip "$(HEAVY_SUITES)|$(LEAK_SUITES)"
	$(SWIFT) test --filter "$(HEAVY_SUITES)"
	$(SWIFT) test --no-parallel --filter "$(LEAK_SUITES)"
	./scripts/no-leftovers.sh

# The OpenMaps DocC catalog (getting started, hosting a map, replays, the basemap) as a static
# site in $(OUT)/docs; any DocC warning fails it.
docs: setup
	mkdir -p $(OUT)
	$(SWIFT) package --allow-writing-to-directory $(OUT)/docs generate-documentation --target OpenMaps \
		--output-path $(OUT)/docs --transform-for-static-hosting --warnings-as-errors

# The public API guard: the API of each public module, dumped with the toolchain's
# swift-api-digester, must match api/*.json; a change that would break user code fails here
# until `make api-dump` deliberately records the new API (commit api/ with the change).
api-check: setup
	$(SWIFT) build --target OpenMapsTesting
	$(SWIFT) build --target Geocoding
	$(SWIFT) build --target OpenMapsPlayground
	python3 tools/api/api.py check

api-dump: setup
	$(SWIFT) build --target OpenMapsTesting
	$(SWIFT) build --target Geocoding
	$(SWIFT) build --target OpenMapsPlayground
	python3 tools/api/api.py dump

# The fuzzing harness for longer than the test suite runs it: FUZZ_SECONDS per target
# (60 unless set), from FUZZ_SEED (printed; the time now unless set). Inputs that fail are
# written to test-artifacts/fuzz/; run again with the same seed to see the same cases.
FUZZ_SECONDS ?= 60
fuzz: setup
	@seed=$${FUZZ_SEED:-$$(date +%s)}; echo "fuzz: seed $$seed, $(FUZZ_SECONDS) s per target"; \
	OPENMAPS_FUZZ_SEED=$$seed OPENMAPS_FUZZ_SECONDS=$(FUZZ_SECONDS) $(SWIFT) test --filter Fuzzing

# Re-records every golden image from the current code (review the diff before committing).
record-goldens: setup
	OPENMAPS_RECORD_GOLDENS=1 $(SWIFT) test

# Rebuilds the embedded basemap (MBTiles) from its open sources (Natural Earth, OSM).
basemap:
	python3 -m venv tools/basemap/.venv
	tools/basemap/.venv/bin/pip install -q -r tools/basemap/requirements.txt
	tools/basemap/.venv/bin/python tools/basemap/build_basemap.py

# Rebuilds the real GeoJSON and KML files OpenMapsUtils is tested with (OSM, Natural Earth, GeoNames).
geodata:
	python3 -m venv tools/geodata/.venv
	tools/geodata/.venv/bin/pip install -q -r tools/geodata/requirements.txt
	tools/geodata/.venv/bin/python tools/geodata/build_samples.py

# Rebuilds the offline geocoder pack from its open sources (GeoNames, Natural Earth, OSM).
geocoder:
	python3 -m venv tools/geocoder/.venv
	tools/geocoder/.venv/bin/pip install -q -r tools/geocoder/requirements.txt
	tools/geocoder/.venv/bin/python tools/geocoder/build_geocoder.py

# Fresh random constraint systems solved by kiwisolver (SEED, COUNT), replayed by our solver:
# the committed oracle is seed 1, 2,000 systems.
SEED ?= 1
COUNT ?= 2000
solver-oracle: setup
	python3 -m venv tools/solver/.venv
	tools/solver/.venv/bin/pip install -q -r tools/solver/requirements.txt
	mkdir -p $(OUT)
	tools/solver/.venv/bin/python tools/solver/kiwi_oracle.py --seed $(SEED) --count $(COUNT) --out $(OUT)/kiwi-systems.jsonl
	OPENMAPS_SOLVER_ORACLE=$(OUT)/kiwi-systems.jsonl $(SWIFT) test --filter KiwiOracleTests

# Compares the constraint solver with kiwisolver on the same 1,000-constraint screen.
solver-compare: setup
	python3 -m venv Benchmarks/.venv
	Benchmarks/.venv/bin/pip install -q -r tools/solver/requirements.txt
	cd Benchmarks && $(SWIFT) build -c release --product LayoutBenchmarks && ../Benchmarks/.venv/bin/python solver_compare.py

# Compares the geocoder's throughput with the Python reverse_geocoder package (k-d tree).
geocoder-compare: setup
	python3 -m venv Benchmarks/.venv
	Benchmarks/.venv/bin/pip install -q reverse_geocoder==1.5.1
	cd Benchmarks && $(SWIFT) build -c release --product GeocoderThroughput
	$(SWIFT) build -c release --product openmaps
	RUNS=$(RUNS) Benchmarks/.venv/bin/python Benchmarks/geocoder_compare.py

# OpenMaps' hierarchical clustering beside Supercluster's C++ port, same points and options.
RUNS ?= 3
cluster-compare: setup
	python3 -m venv Benchmarks/.venv
	Benchmarks/.venv/bin/pip install -q numpy pysupercluster-problematy==0.7.8
	cd Benchmarks && RUNS=$(RUNS) .venv/bin/python cluster_compare.py

# Frame times of a 1280x800 map flying from zoom 6 to 12 while 100,000 items re-cluster in the
# background, beside the same flight without items.
cluster-frames: setup
	cd Benchmarks && $(SWIFT) build -c release --product ClusterFrames
	cd Benchmarks && $$($(SWIFT) build -c release --show-bin-path)/ClusterFrames --runs $(RUNS)

# The playground end to end: frames per second while panning a 1280x800 session.
playground-benchmark: build
	cd Benchmarks && $(SWIFT) build -c release --product PlaygroundThroughput
	cd Benchmarks && .build/release/PlaygroundThroughput ../.build/release/openmaps

# The playground in a real headless Chromium (Debian's, set up by setup.sh, and Selenium): frames a
# second while panning at 1280x800 and 2560x1600 and with 10,000 markers, gaps during a fly-to, and
# the first frame after a page load.
playground-chromium: build
	python3 -m venv Benchmarks/.venv
	Benchmarks/.venv/bin/pip install -q selenium==4.51.0
	RUNS=$(RUNS) Benchmarks/.venv/bin/python Benchmarks/playground_chromium.py .build/release/openmaps

benchmarks: setup
	cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .benchmarkBaselines benchmark

clean:
	rm -rf .build $(OUT) Benchmarks/.build

# Any OpenStreetMap extract to OpenMapTiles-schema vector tiles OpenMaps draws in its own look:
# make tiles PBF=city.osm.pbf OUT=city.mbtiles. Cleans a clipped extract, makes the sea from its
# coastline, and runs tilemaker's stock OpenMapTiles profile (Debian's package, installed if
# missing). Then: mapView.useBasemap(mbtilesPath:), or "mbtiles" in a scenario.
# PBF and OUT reach the shell only as environment variables, taken as written (`$(value …)`: no
# make expansion), never pasted into a command, so no character in them runs anything.
unexport PBF OUT
tiles: export TILES_PBF := $(value PBF)
tiles: export TILES_OUT := $(if $(filter file,$(origin OUT)),,$(value OUT))
tiles:
	@test -n "$$TILES_PBF" -a -n "$$TILES_OUT" || { echo "usage: make tiles PBF=extract.osm.pbf OUT=tiles.mbtiles"; exit 2; }
	@test -f "$$TILES_PBF" || { printf 'tiles: %s is not a file\n' "$$TILES_PBF" >&2; exit 2; }
	python3 -m venv tools/basemap/.venv
	tools/basemap/.venv/bin/pip install -q -r tools/basemap/requirements.txt
	tools/basemap/.venv/bin/python tools/tiles/build_tiles.py -- "$$TILES_PBF" "$$TILES_OUT"
