import CtryGrammar

/// The manual page's text for each of ctry's options (mdoc, after the `.It` line that
/// `CommandDocs.manOptions()` writes from the declaration), keyed by the flag's name as its key
/// declares it. `--help` shows the one-line summaries of `ProgramFlags`; a flag without an entry here
/// fails `ManPageTests`.
extension ProgramFlags {
  private static let flags = shared

  static let manual: [String: String] = [
    flags.commands.name: #"""
    Run
    .Ar command
    and exit.
    Repeat it to run several commands in order.
    Cannot be combined with a
    .Ar command
    given as arguments.
    """#,
    flags.global.output.format.name: #"""
    Print results as
    .Cm table
    (the default),
    .Cm json ,
    .Cm csv
    (raw values for programs: a card gives one fact a row, such as
    .Ql population,104124000 )
    or
    .Cm plain
    (one value a line).
    """#,
    flags.global.output.json.name: #"""
    The same as
    .Fl \-format Cm json :
    REST Countries v3.1 objects, so
    .Xr jq 1
    recipes written for the API work unchanged.
    """#,
    flags.global.output.noColor.name: #"""
    No colour.
    Colour is also off when
    .Ev NO_COLOR
    is set or standard output is not a terminal.
    """#,
    flags.global.output.lang.name: #"""
    Show country names in the language
    .Ar code
    .Po Cm fr , Cm de , Cm ja , ...; Cm en
    for English
    .Pc :
    the card's title and the names in lists,
    .Ic borders ,
    .Ic compare ,
    .Ic map
    and
    .Ic deal ,
    and the names completion offers.
    JSON and CSV keep the English name and add the localized one as
    .Ql local_name .
    Every command takes it too.
    Without it,
    .Ql set language Ar code ,
    else the language of
    .Ev LC_ALL ,
    .Ev LC_MESSAGES
    or
    .Ev LANG ,
    else English.
    A code CLDR gives no names for is a usage error.
    """#,
    flags.dataDirectory.name: #"""
    Keep all of
    .Nm Ns 's
    files (favorites, home, history, cache, start-up file) in
    .Ar dir
    instead of the XDG directories listed in
    .Sx FILES .
    A
    .Ar dir
    that does not exist is made, with mode 0700, only inside an existing
    directory that belongs to the user; any other is a usage error.
    """#,
    flags.offline.name: #"""
    Never touch the network.
    """#,
    flags.api.name: #"""
    The REST Countries server.
    The default is the hosted v5 API,
    .Lk https://api.restcountries.com/countries/v5 ,
    which needs a key
    .Po Ev CTRY_API_KEY
    or
    .Ql set api-key Ar key
    .Pc .
    The hosted v3.1 and v2 services are retired; to follow a self-hosted server, give its
    URL, for example
    .Ql http://localhost:8080/v3.1 .
    A port outside 1 to 65535, or a
    .Ql # Ns Ar fragment
    (which no server sees), is a usage error.
    Also
    .Ev CTRY_API_URL
    and
    .Ql set api Ar url .
    """#,
    flags.apiVersion.name: #"""
    The server's API:
    .Cm v5 ,
    .Cm v3.1
    or
    .Cm v2 .
    By default it follows the URL's ending
    .Po Pa /countries/v5 ,
    .Pa /v3.1 ,
    .Pa /v2
    .Pc ,
    else v3.1 for a named server.
    Also
    .Ev CTRY_API_VERSION .
    """#,
    flags.noInit.name: #"""
    Do not run the start-up file
    .Pa init.ctry .
    """#,
    flags.version.name: #"""
    Print the version, and on a second line where the bundled data comes from and under which licences, and exit.
    """#,
    flags.global.help.name: #"""
    Print a summary of the options and exit.
    """#,
  ]
}
