// C shim over libedit. Swift cannot call C variadic functions (el_set, el_get,
// history), so each use the session needs gets a fixed-argument wrapper here.
// The SIGINT handler also lives here: in a signal handler only C-level stores
// to a sig_atomic_t are safe.
#ifndef CLINEEDITOR_H
#define CLINEEDITOR_H

#include <stdio.h>
#include <histedit.h>

typedef char *(*cle_prompt_fn)(EditLine *);
typedef unsigned char (*cle_command_fn)(EditLine *, int);
typedef void (*cle_interrupt_fn)(void *);

/// el_init on the process's stdin/stdout/stderr (Swift 6 cannot touch those globals).
EditLine *cle_init(const char *program);

int cle_set_prompt(EditLine *el, cle_prompt_fn prompt);
int cle_set_editor(EditLine *el, const char *mode);
int cle_set_signal(EditLine *el, int on);
int cle_set_history(EditLine *el, History *h);
int cle_add_function(EditLine *el, const char *name, const char *help, cle_command_fn fn);
int cle_bind(EditLine *el, const char *key, const char *command);
/// One `setty -d` setting (the terminal while editing), e.g. "intr=" to read Ctrl-C as a key.
int cle_set_edit_tty(EditLine *el, const char *setting);
int cle_set_client_data(EditLine *el, void *data);
void *cle_client_data(EditLine *el);

int cle_history_enter(History *h, const char *line);
int cle_history_load(History *h, const char *path);
/// Writes the history to an open stream (the caller made the file, safely).
int cle_history_save_fp(History *h, FILE *fp);
int cle_history_set_size(History *h, int size);
int cle_history_set_unique(History *h, int unique);
int cle_history_clear(History *h);
int cle_history_count(History *h);
/// The oldest entry, or NULL when the history is empty.
const char *cle_history_oldest(History *h);
/// The entry after the one last returned (one step newer), or NULL at the newest.
const char *cle_history_newer(History *h);

/// Called while no key arrives; returns nonzero when it wrote to the terminal and the
/// line must be drawn again.
typedef int (*cle_idle_fn)(void *);
/// The key the reader returns after an idle call that wrote (bind it to a redraw).
#define CLE_REDRAW_KEY 0x1C
/// Makes libedit read keys through a reader that calls `idle(context)` every
/// `interval_ms` while no key arrives (EL_GETCFN); UTF-8 is decoded by the C locale.
int cle_set_idle_reader(EditLine *el, cle_idle_fn idle, void *context, int interval_ms);

/// Installs the SIGINT handler with sigaction and without SA_RESTART, so a Ctrl-C
/// at the prompt makes el_gets return NULL with errno EINTR.
int cle_install_sigint_handler(void);
/// Returns whether SIGINT arrived since the last call, and clears the mark.
int cle_take_interrupt(void);
/// While set, the handler also calls hook(context); the hook must be async-signal-safe.
void cle_set_interrupt_hook(cle_interrupt_fn hook, void *context);
void cle_clear_interrupt_hook(void);

#endif
