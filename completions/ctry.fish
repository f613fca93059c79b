function __ctry_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __ctry_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __ctry_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __ctry_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __ctry_parse_tokens -S
    set -l unparsed_tokens (__ctry_tokens -pc)
    switch $unparsed_tokens[1]
    case 'ctry'
        __ctry_parse_subcommand -r 1 'c=+' 'format=' 'json' 'no-color' 'data-dir=' 'offline' 'api=' 'api-version=' 'no-init' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __ctry_parse_subcommand -r 1 'version'
        end
    end
end

function __ctry_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __ctry_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __ctry_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __ctry_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__ctry_tokens -p)
    if test -z "$(__ctry_tokens -t)"
        set -l index (count (__ctry_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'ctry' -f
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry"' -s 'c' -d 'Run a command and exit (repeatable).' -rfka ''
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" format' -l 'format' -d 'Output format: table, json, csv or plain.' -rfka ''
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" json' -l 'json' -d 'Same as --format json.'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" no-color' -l 'no-color' -d 'No colour (also when NO_COLOR is set).'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" data-dir' -l 'data-dir' -d 'Keep all of ctry\'s files in this directory.' -rfka ''
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" offline' -l 'offline' -d 'Never touch the network.'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" api' -l 'api' -d 'The REST Countries server (also CTRY_API_URL); default the keyed v5 API, or a self-hosted v3.1 server.' -rfka ''
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" api-version' -l 'api-version' -d 'The server\'s API: v5 (needs CTRY_API_KEY), v3.1 or v2; default from the URL\'s ending.' -rfka ''
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" no-init' -l 'no-init' -d 'Do not run the start-up file init.ctry.'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_positional "ctry" -ge 1' -fka '(__ctry_custom_completion ---completion -- positional@0 (count (__ctry_tokens -pc)) (__ctry_tokens -tC))'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" version' -l 'version' -d 'Show the version.'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'ctry' -n '__ctry_should_offer_completions_for_flags_or_options "ctry help" version' -l 'version' -d 'Show the version.'
