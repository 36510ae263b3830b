#!/bin/sh
# Runs a command the way the Docker image runs the server, on a machine without Docker (the test
# apps/server/src/read-only-root.test.ts uses it; decision 134): in a mount namespace of its own, with a root
# filesystem that is read-only throughout, a fresh tmpfs on /tmp (and /dev/shm, as Docker gives), a writable /data,
# the repository read-only at /app, as an unprivileged user with no capabilities.
#
#   unshare --mount --propagation private -- sh deploy/read-only-root.sh SCRATCH UID [NAME=VALUE...] COMMAND...
#
# SCRATCH: an empty folder of the caller's: SCRATCH/root becomes the new root, SCRATCH/data is /data (owned by UID
# by then). NAME=VALUE: the only environment COMMAND gets, as the image's ENV lines give it. Run as root, in a
# private mount namespace (unshare above): every mount made here goes when the last process in it ends.
set -eu

[ "$#" -ge 3 ] || { echo "usage: $0 SCRATCH UID [NAME=VALUE...] COMMAND..." >&2; exit 2; }
scratch=$1
uid=$2
shift 2
app=$(cd "$(dirname "$0")/.." && pwd)
root=$scratch/root
mkdir -p "$root" "$scratch/data"
chown "$uid:$uid" "$scratch/data"

# Mounts made here must not reach the host's namespace, whatever the caller's propagation was.
mount --make-rprivate /

# A scaffold root on a small tmpfs: the host's top-level folders bound read-only, its symlinks (bin -> usr/bin...)
# copied, and the image's own folders (/app, /data, /tmp) in their places.
mount -t tmpfs -o size=1m,mode=755 paperknife-root "$root"
for entry in /*; do
  name=${entry#/}
  case $name in
    proc | sys | dev | tmp | data | app) continue ;;
  esac
  if [ -L "$entry" ]; then
    ln -s "$(readlink "$entry")" "$root/$name"
  elif [ -d "$entry" ]; then
    mkdir "$root/$name"
    mount --rbind "$entry" "$root/$name"
  fi
done
mkdir "$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/data" "$root/app"
mount --rbind "$app" "$root/app"
mount --rbind /sys "$root/sys"
mount --rbind /proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --bind "$scratch/data" "$root/data"

# The image's user, as `useradd` wrote it, seen through /etc/passwd and /etc/group.
cp /etc/passwd "$root/passwd"
cp /etc/group "$root/group"
echo "paperknife:x:$uid:$uid::/home/paperknife:/bin/sh" >>"$root/passwd"
echo "paperknife:x:$uid:" >>"$root/group"
mount --bind "$root/passwd" "$root/etc/passwd"
mount --bind "$root/group" "$root/etc/group"

# Every mount under the new root read-only (submounts too: `mount --rbind` copies them writable), except the ones
# the image writes: /proc and /dev as a container has them, then fresh tmpfs on /tmp and /dev/shm, and /data.
awk -v root="$root" '$5 == root || index($5, root "/") == 1 { print $5 }' /proc/self/mountinfo |
  while read -r target; do
    case $target in
      "$root/proc" | "$root/proc/"* | "$root/dev" | "$root/dev/"* | "$root/data") continue ;;
    esac
    mount -o remount,bind,ro "$target"
  done
# Docker mounts a tmpfs noexec, nosuid and nodev: nothing may run a program it wrote to /tmp.
mount -t tmpfs -o mode=1777,noexec,nosuid,nodev paperknife-tmp "$root/tmp"
mount -t tmpfs -o mode=1777,noexec,nosuid,nodev paperknife-shm "$root/dev/shm"

# In the new root, as the image's user (no capabilities are left once the ids are not 0), in its WORKDIR, with
# nothing of this shell's environment.
exec chroot "$root" setpriv --reuid="$uid" --regid="$uid" --clear-groups env -i -C /app "$@"
