#!/usr/bin/env bash
# Installs what OpenMaps needs on Debian: Cairo, Pango, HarfBuzz, FreeType, fontconfig,
# libpng, libjpeg-turbo, zlib, SQLite, libxml2 and its headers (KML), the fonts, Python 3 (the API guard), and Chromium with chromedriver (the
# playground's browser tests). Idempotent: when everything is
# present it only checks and returns.
set -euo pipefail

packages=(
  pkg-config python3
  libcairo2-dev libpango1.0-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev
  libpng-dev libjpeg62-turbo-dev zlib1g-dev libsqlite3-dev libxml2-dev
  fonts-roboto-unhinted fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core
  chromium chromium-driver
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all system packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
