#!/usr/bin/env bash
# Installs the Debian 12 packages Legible builds, tests and runs with. Needs root (or sudo).
set -euo pipefail

packages=(
    pkg-config
    # C libraries (headers and pkg-config files)
    libtesseract-dev libleptonica-dev libpoppler-glib-dev libcairo2-dev libpango1.0-dev
    # JPEG decoding straight into Leptonica's layout (CJPEGDecode)
    libjpeg62-turbo-dev
    # HEIC photos (an iPhone camera's default format), decoded with libheif (HEVC through libde265)
    libheif-dev
    # Barcodes and QR codes on serial labels (zbar's C API)
    libzbar-dev
    # Tesseract's English model, and the command-line tool the parity tests and baselines compare against
    tesseract-ocr tesseract-ocr-eng
    # qpdf: the fill baseline and test fixtures (encrypted PDFs); poppler-utils: pdftotext in round-trip checks
    qpdf poppler-utils
    # Poppler's CMaps for CJK fonts (Adobe-GB1, -Japan1, ...): without them Poppler cannot draw or read Chinese
    # values in forms whose fonts use those character collections
    poppler-data
    # Fonts for filled values: Latin, Greek, Cyrillic (DejaVu, Noto), Arabic and Hebrew (Noto), CJK (Noto CJK)
    fonts-dejavu-core fonts-noto-core fonts-noto-cjk
    # Z003, the script face signatures are drawn in
    fonts-urw-base35
    # GNU time: a child's own peak memory in the preview memory test
    time
    # Python venvs for test tooling only (Scripts/schemathesis.sh installs its pinned schemathesis in one;
    # Debian's own pip refuses system-wide installs); the server never runs Python
    python3 python3-venv
)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "Installed: ${packages[*]}"
