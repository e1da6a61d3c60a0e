#!/bin/bash
# Build the guest kernel: patched (AUXERR=1, default) or pristine (AUXERR=0).
#
# build/linux       git tree of Debian's linux-source-6.12: the "pristine"
#                   tag, then kernel/patches/series applied with git am
# build/linux-base  worktree of the same repository at "pristine"
# build/linux-debug DEBUG=1: a worktree at "pristine" with the series applied
#                   on its own (build/linux is left alone), configured with
#                   kernel/config/debug.config as well (lockdep, KASAN, ...)
#
# Each tree builds in place, so a rebuild after a one-file change is
# incremental; ccache shares objects between the two.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$top/build}
auxerr=${AUXERR:-1}
debug=${DEBUG:-0}
what=${1:-bzImage}	# bzImage, or headers: only the patched UAPI headers
src_tar=/usr/src/linux-source-6.12.tar.xz
repo=$build/linux
jobs=${JOBS:-$(nproc)}

log() { echo "kernel: $*"; }
die() { echo "kernel: error: $*" >&2; exit 1; }

[ -f "$src_tar" ] || die "$src_tar missing; run scripts/install-deps"
mkdir -p "$build"

git_k() { git -C "$1" -c user.name="auxerr developers" -c user.email=auxerr@example.org "${@:2}"; }

if [ ! -e "$repo/.git/auxerr-pristine" ]; then
	log "extracting $src_tar (once)"
	rm -rf "$repo" "$build/linux.tmp"
	mkdir -p "$build/linux.tmp"
	tar -C "$build/linux.tmp" --strip-components=1 -xf "$src_tar"
	# Debian's source package appends "/*" to .gitignore (its packaging
	# repository ignores the tree); drop it so the tree is upstream's.
	sed -i '/^# Debian packaging: ignore everything/,$d' "$build/linux.tmp/.gitignore"
	sed -i '${/^#$/d}' "$build/linux.tmp/.gitignore"
	git -C "$build/linux.tmp" init -q -b auxerr
	git_k "$build/linux.tmp" add -A
	git_k "$build/linux.tmp" commit -q -m "Linux $(make -s -C "$build/linux.tmp" kernelversion) (Debian linux-source-6.12)"
	git -C "$build/linux.tmp" tag pristine
	touch "$build/linux.tmp/.git/auxerr-pristine"
	mv "$build/linux.tmp" "$repo"
fi

series_hash() {
	local series=$top/kernel/patches/series p
	{ cat "$series"; while read -r p; do
		case "$p" in ''|'#'*) continue;; esac
		cat "$top/kernel/patches/$p"; done < "$series"; } | sha256sum | cut -d' ' -f1
}
[ "${1:-}" = --stamp-only ] && { series_hash; exit 0; }

# Apply the series only when it changed since the last application, so an
# unchanged series leaves every mtime (and so the incremental build) alone.
apply_series() {
	local stamp=$repo/.git/auxerr-series want
	want=$(series_hash)
	local head
	head=$(git -C "$repo" rev-parse HEAD)
	if [ -f "$stamp.head" ] && [ "$head" != "$(cat "$stamp.head")" ]; then
		# Someone is developing in the tree: never throw their commits away.
		die "$repo has commits that are not kernel/patches; run kernel/export-patches (or git -C $repo reset --hard $(cat "$stamp.head"))"
	fi
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
		return
	fi
	if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
		die "$repo has uncommitted changes; commit them and regenerate kernel/patches, or reset the tree"
	fi
	log "applying kernel/patches/series"
	git -C "$repo" am --abort >/dev/null 2>&1 || true
	git -C "$repo" checkout -q -B auxerr pristine
	local p
	while read -r p; do
		case "$p" in ''|'#'*) continue;; esac
		git_k "$repo" am -q --whitespace=nowarn "$top/kernel/patches/$p" ||
			die "patch $p does not apply"
	done < "$top/kernel/patches/series"
	echo "$want" > "$stamp"
	git -C "$repo" rev-parse HEAD > "$stamp.head"
}

# The debug kernel's tree: kernel/patches/series applied in its own
# worktree, so that it never depends on (or disturbs) the work in progress
# in build/linux. Its stamp lives in the worktree's own git directory.
apply_series_debug() {
	local gitdir stamp want p
	if [ ! -e "$tree/.git" ]; then
		log "creating the debug worktree $tree"
		git -C "$repo" -c gc.auto=0 worktree add -q --detach "$tree" pristine
	fi
	gitdir=$(git -C "$tree" rev-parse --absolute-git-dir)
	stamp=$gitdir/auxerr-series
	want=$(series_hash)
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
		return
	fi
	if [ -n "$(git -C "$tree" status --porcelain --untracked-files=no)" ]; then
		die "$tree has uncommitted changes; reset it (git -C $tree reset --hard)"
	fi
	log "applying kernel/patches/series to $tree"
	git -C "$tree" am --abort >/dev/null 2>&1 || true
	git -C "$tree" checkout -q --detach pristine
	while read -r p; do
		case "$p" in ''|'#'*) continue;; esac
		git_k "$tree" -c gc.auto=0 am -q --whitespace=nowarn "$top/kernel/patches/$p" ||
			die "patch $p does not apply"
	done < "$top/kernel/patches/series"
	echo "$want" > "$stamp"
}

# One build at a time per tree: make kernel runs under several targets
# (guest-test, selftests-build, ...) that people start at once, and two
# makes in one tree delete each other's dependency files (fixdep: error
# opening file .*.o.d).  A second build waits for the first.
if [ "$debug" = 1 ]; then lock=linux-debug
elif [ "$auxerr" = 1 ]; then lock=linux
else lock=linux-base
fi
exec 9>"$build/.$lock.build-lock"
flock -n 9 || { log "waiting for another build in build/$lock"; flock 9; }

if [ "$debug" = 1 ]; then
	tree=$build/linux-debug
	apply_series_debug
	fragments=("$top"/kernel/config/*.config)
elif [ "$auxerr" = 1 ]; then
	tree=$repo
	apply_series
	fragments=("$top"/kernel/config/*.config)
else
	tree=$build/linux-base
	if [ ! -e "$tree/.git" ]; then
		log "creating the pristine worktree $tree"
		git -C "$repo" worktree add -q --detach "$tree" pristine
	fi
	fragments=()
	for f in "$top"/kernel/config/*.config; do
		case "$f" in */auxerr-feature.config) continue;; esac
		fragments+=("$f")
	done
fi
# kernel/config/debug.config is for the debug kernel (DEBUG=1) only.
if [ "$debug" != 1 ]; then
	kept=()
	for f in "${fragments[@]}"; do
		[ "${f##*/}" = debug.config ] || kept+=("$f")
	done
	fragments=("${kept[@]}")
fi

# The UAPI headers userland builds against, in $tree/usr-headers.
# headers_install rewrites every header each time; installing into a
# scratch directory and copying only what differs keeps the mtimes, so
# userland is rebuilt only when a header really changed.
install_headers() {
	make -s -C "$tree" headers_install INSTALL_HDR_PATH="$tree/usr-headers.new" >/dev/null
	mkdir -p "$tree/usr-headers"
	rsync -rlc --delete "$tree/usr-headers.new/" "$tree/usr-headers/"
}

if [ "$what" = headers ]; then
	install_headers
	log "headers: $tree/usr-headers/include"
	exit 0
fi

# Configure when a fragment is newer than .config (or there is none).
config=$tree/.config
need_config=0
[ -f "$config" ] || need_config=1
for f in "${fragments[@]}"; do
	[ "$f" -nt "$config" ] && need_config=1
done
if [ "$need_config" = 1 ]; then
	log "configuring $tree from tinyconfig + ${fragments[*]##*/}"
	make -s -C "$tree" tinyconfig >/dev/null
	(cd "$tree" && ./scripts/kconfig/merge_config.sh -m -O . .config "${fragments[@]}" >/dev/null)
	make -s -C "$tree" olddefconfig >/dev/null
fi

# Every option a fragment asks for must survive olddefconfig.
dropped=0
for f in "${fragments[@]}"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF -- "$line" "$config" || {
				echo "kernel: error: ${f##*/} asks for '$line' but .config has '$(grep -E "^(# )?${line%%=*}[= ]" "$config" || echo unset)'" >&2
				dropped=1
			} ;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			! grep -q "^$opt=" "$config" || {
				echo "kernel: error: ${f##*/} asks for '$line' but .config has '$(grep "^$opt=" "$config")'" >&2
				dropped=1
			} ;;
		esac
	done < "$f"
done
[ "$dropped" = 0 ] || die "options were dropped (missing dependencies?); fix kernel/config"

export CCACHE_BASEDIR=$build
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export KBUILD_BUILD_TIMESTAMP=auxerr KBUILD_BUILD_USER=auxerr KBUILD_BUILD_HOST=auxerr
log "building $tree (make -j$jobs bzImage)"
make -s -C "$tree" -j"$jobs" CC="ccache gcc" bzImage
install_headers
log "ready: $tree/arch/x86/boot/bzImage"
