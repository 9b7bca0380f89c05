#!/usr/bin/env bash
# Checks the files in deploy/ as the host would read them: the systemd unit with
# `systemd-analyze verify`, the nginx site with `nginx -t` (a throwaway certificate in place of
# certbot's, the upstream's host resolved). Run by .ci/run; needs systemd and nginx installed.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The unit names /usr/bin/node and /opt/visita: point them at this machine's node and a copy.
node_bin=$(command -v node)
sed -e "s#/usr/bin/node#${node_bin}#" -e "s#/opt/visita#${work}/opt#g" systemd/visita.service > "$work/visita.service"
mkdir -p "$work/opt/apps/api/dist"
# verify exits 0 on a misspelt key or a bad value (it only says so): any remark fails the check.
remarks=$(systemd-analyze verify "$work/visita.service" 2>&1) || { echo "$remarks"; exit 1; }
if [ -n "$remarks" ]; then
  echo "$remarks"
  echo "deploy: systemd-analyze has remarks on systemd/visita.service" >&2
  exit 1
fi
echo "deploy: systemd unit verified"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj '/CN=reservas.example.cl' \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null
sed -e "s#/etc/letsencrypt/live/reservas.example.cl/#${work}/#g" nginx/visita.conf > "$work/site.conf"
cat > "$work/nginx.conf" <<CONF
pid ${work}/nginx.pid;
error_log ${work}/error.log;
events {}
http {
    access_log off;
    client_body_temp_path ${work}/body;
    proxy_temp_path ${work}/proxy;
    fastcgi_temp_path ${work}/fastcgi;
    uwsgi_temp_path ${work}/uwsgi;
    scgi_temp_path ${work}/scgi;
    include ${work}/site.conf;
}
CONF
nginx -t -q -c "$work/nginx.conf" -p "$work"
echo "deploy: nginx site checked"
