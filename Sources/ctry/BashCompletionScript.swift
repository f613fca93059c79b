/// The bash completion script (`ctry --generate-completion-script bash`, completions/ctry.bash).
///
/// Not the one swift-argument-parser generates: that one completes the last word alone and passes
/// candidates through `compgen -W`, which splits them at spaces, so `ctry details United K<Tab>`
/// offered Kazakhstan and `cote<Tab>` nothing. This one hands the line to ctry, whose completer
/// (the interactive shell's) answers with the candidates for bash's current word, which bash quotes
/// (`-o filenames`) in the user's own style.
enum BashCompletionScript {
  static let text = #"""
    # bash completion for ctry: source this file, or install it as
    # /usr/share/bash-completion/completions/ctry. ctry completes the line itself:
    # `ctry __complete-shell bash CURRENT -- LINE` prints the candidates for the word at the cursor,
    # one per line, unquoted; bash quotes them as it quotes file names, in the style the word was
    # begun in (New\ Zealand, "New Zealand", 'New Zealand'), and lists them as they read.

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

    complete -o filenames -F _ctry ctry

    """#
}
