# fish completion for ctry: source this file, or put it in ~/.config/fish/completions/. ctry
# completes the line itself: `ctry __complete --shell fish -- LINE` prints the candidates for the
# token at the cursor, one per line, unquoted.

complete -c ctry -f -a '(command ctry __complete --shell fish -- (commandline -cp) 2>/dev/null)'
