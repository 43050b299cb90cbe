#!/bin/sh
# textheight batch spread over processes, or machines, by GNU parallel: each process gets whole lines
# of the input and --keep-order writes their answers in input order, so stdout holds the bytes one
# process writes (an error object's "line" counts from the start of its process's block).
# Usage: parallel-batch.sh [batch flags…] < cases.jsonl > results.jsonl
#   JOBS   processes at once (default 100%: one per core); each measures on one thread
#   BLOCK  input bytes per process (default 10M: a process starts and loads its fonts once per block)
#   HOSTS  machines, as parallel's --sshlogin takes them ("8/ci-1,8/ci-2,:", ':' is this one);
#          each needs textheight and the fonts at the same paths
exec parallel --pipe --keep-order --block "${BLOCK:-10M}" --jobs "${JOBS:-100%}" ${HOSTS:+--sshlogin "$HOSTS"} \
  -q "${TEXTHEIGHT:-textheight}" batch --jobs 1 "$@"
