#!/usr/bin/env bash
# Regenerates the golden files: each game's playthrough (bundles/boardlab.game.*/src/test/resources/
# playthroughs/) and each protocol's transcript (bundles/boardlab.protocol.*/src/test/resources/
# transcripts/). Run it after a change you mean to make to a game's rules, notation or board text,
# or to what a protocol's server or client writes; then read `git diff` and commit the files with
# the change. CI (bash .ci/run) runs the same tests without -Dboardlab.golden.update and fails on
# any difference.
#
#   scripts/update-golden-files.sh          # every module with golden files
#   scripts/update-golden-files.sh -o       # the same, offline (extra arguments go to Maven)
set -euo pipefail
cd "$(dirname "$0")/.."
modules=$(ls -d bundles/boardlab.game.* bundles/boardlab.protocol.* | grep -v '\.ui$' | paste -sd, -)
./mvnw -B -q "$@" -pl "$modules" -am test \
    -Dboardlab.golden.update=true \
    -Dtest='*RulesTest,*TranscriptTest' -Dsurefire.failIfNoSpecifiedTests=false
git status --short -- 'bundles/*/src/test/resources/playthroughs' 'bundles/*/src/test/resources/transcripts'
