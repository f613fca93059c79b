# bash completion for ctry: source this file, or install it as
# /usr/share/bash-completion/completions/ctry. ctry completes the line itself:
# `ctry __complete-shell bash CURRENT -- LINE` prints what replaces the word at the cursor, one
# candidate per line, escaped for bash (a finished unique one ends in a space).

_ctry() {
    local line="${COMP_LINE:0:COMP_POINT}"
    local current="${COMP_WORDS[COMP_CWORD]}"
    # Only the part of the current word before the cursor.
    if [[ "${line}" != *"${current}" ]]; then
        current="${line##*[[:space:]]}"
    fi
    local IFS=$'\n'
    COMPREPLY=($(command "${COMP_WORDS[0]}" __complete-shell bash "${current}" -- "${line}" 2>/dev/null))
}

complete -o nospace -F _ctry ctry
