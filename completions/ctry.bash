# bash completion for ctry: source this file, or install it as
# /usr/share/bash-completion/completions/ctry. ctry completes the line itself:
# `ctry __complete --shell bash -- LINE` prints the candidates for bash's word at the cursor, one per
# line, each quoted for the quote the word is in (New\ Zealand, "New Zealand", 'New Zealand'), so
# bash inserts them as they are and expands nothing in them; with `--listing` (the second Tab, which
# only lists) as they read. Never `-o filenames`, under which bash would expand `$` and backquotes in
# a candidate as it inserts it. mapfile, not $(…) in an array, so no candidate is split or globbed.
# A folder ends in `/`, and no space follows it.

_ctry() {
    local listing=()
    (( COMP_TYPE == 63 )) && listing=(--listing)
    mapfile -t COMPREPLY < <(command "${COMP_WORDS[0]}" __complete --shell bash "${listing[@]}" -- "${COMP_LINE:0:COMP_POINT}" 2>/dev/null)
    if [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == */ ]]; then compopt -o nospace; fi
}

complete -F _ctry ctry
