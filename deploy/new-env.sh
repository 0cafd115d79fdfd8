#!/bin/sh
# Writes deploy/.env from deploy/.env.example with fresh secrets, for the host name given
# (localhost by default). A real host name also needs the e-mail address of its ACME account:
#   deploy/new-env.sh portal.example.my ops@example.my
# It never overwrites an existing deploy/.env.
set -eu
here=$(dirname "$0")
site=${1:-localhost}
tls=${2:-internal}
out="$here/.env"
if [ -e "$out" ]; then
  echo "$out exists: keep it, or move it away first" >&2
  exit 1
fi
if [ "$site" != localhost ] && [ "$tls" = internal ]; then
  echo "a real host name needs the ACME account's e-mail address: $0 $site you@example.my" >&2
  exit 1
fi
secret() { openssl rand -hex 32; }
signing_key=$(openssl genpkey -algorithm ed25519 -outform DER | base64 | tr -d '\n')
umask 077
sed \
  -e "s|^SITE_ADDRESS=.*|SITE_ADDRESS=$site|" \
  -e "s|^CADDY_TLS=.*|CADDY_TLS=$tls|" \
  -e "s|^POSTGRES_PASSWORD=$|POSTGRES_PASSWORD=$(secret)|" \
  -e "s|^REDIS_PASSWORD=$|REDIS_PASSWORD=$(secret)|" \
  -e "s|^GATEWAY_SECRET=$|GATEWAY_SECRET=$(secret)|" \
  -e "s|^SMS_CODE_PEPPER=$|SMS_CODE_PEPPER=$(secret)|" \
  -e "s|^AUDIT_SIGNING_KEY=$|AUDIT_SIGNING_KEY=$signing_key|" \
  -e "s|^SMS_BRAND=$|SMS_BRAND=${SMS_BRAND:-Member Portal}|" \
  -e "s|^GATEWAY_URL=https://localhost:|GATEWAY_URL=https://$site:|" \
  "$here/.env.example" >"$out"
echo "wrote $out for https://$site"
