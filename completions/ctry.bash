# bash completion for ctry: source this file, or install it as
# /usr/share/bash-completion/completions/ctry. ctry completes the line itself:
# `ctry __complete --shell bash -- LINE` prints the candidates for bash's word at the cursor, one per
# line, unquoted; bash quotes them as it quotes file names, in the style the word was begun in
# (New\ Zealand, "New Zealand", 'New Zealand'), and lists them as they read.

_ctry() {
    local IFS=$'\n'
    COMPREPLY=($(command "${COMP_WORDS[0]}" __complete --shell bash -- "${COMP_LINE:0:COMP_POINT}" 2>/dev/null))
}

complete -o filenames -F _ctry ctry
