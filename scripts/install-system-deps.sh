#!/usr/bin/env bash
# Installs the system packages the end-to-end tests need: Debian's Chromium (driven by Playwright at
# /usr/bin/chromium, no browser download), PostgreSQL and tmux (the terminal tests drive `ingenium
# play` in it), nginx and Caddy (the load-balancer recipes are tested as written). Idempotent:
# installs only what is missing.
set -euo pipefail

packages=(chromium postgresql tmux nginx-light caddy)
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "system dependencies already installed: ${packages[*]}"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends "${missing[@]}"
echo "installed: ${missing[*]}"
