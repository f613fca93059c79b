#ifndef CTRY_CLIBEDIT_SHIM_H
#define CTRY_CLIBEDIT_SHIM_H
// libedit's native API (el_* / history). pkg-config libedit adds -I/usr/include/editline.
#include <stdio.h>
#include <histedit.h>
#endif
