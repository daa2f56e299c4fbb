# OpenMaps: `make run` shows it, `make test` checks it. Both set up what is missing first.
SWIFT ?= swift
OUT ?= out

.PHONY: setup build run test record-goldens benchmarks clean

setup:
	@./scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product openmaps

run: build
	@mkdir -p $(OUT)
	$$($(SWIFT) build -c release --show-bin-path)/openmaps sample -o $(OUT)/sample.png

test: setup
	$(SWIFT) test

# Re-records every golden image from the current code (review the diff before committing).
record-goldens: setup
	OPENMAPS_RECORD_GOLDENS=1 $(SWIFT) test

benchmarks: setup
	cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .benchmarkBaselines benchmark

clean:
	rm -rf .build $(OUT) Benchmarks/.build
