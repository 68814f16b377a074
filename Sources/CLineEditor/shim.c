#include "CLineEditor.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

EditLine *cle_init(const char *program) { return el_init(program, stdin, stdout, stderr); }

int cle_set_prompt(EditLine *el, cle_prompt_fn prompt) { return el_set(el, EL_PROMPT, prompt); }
int cle_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
int cle_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
int cle_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
int cle_add_function(EditLine *el, const char *name, const char *help, cle_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
int cle_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}
int cle_set_edit_tty(EditLine *el, const char *setting) {
    return el_set(el, EL_SETTY, "-d", setting, (const char *)NULL);
}
int cle_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
void *cle_client_data(EditLine *el) {
    void *data = NULL;
    return el_get(el, EL_CLIENTDATA, &data) == 0 ? data : NULL;
}

int cle_history_enter(History *h, const char *line) { HistEvent ev; return history(h, &ev, H_ENTER, line); }
int cle_history_load(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_LOAD, path); }
int cle_history_save_fp(History *h, FILE *fp) { HistEvent ev; return history(h, &ev, H_SAVE_FP, fp); }
int cle_history_set_size(History *h, int size) { HistEvent ev; return history(h, &ev, H_SETSIZE, size); }
int cle_history_set_unique(History *h, int unique) { HistEvent ev; return history(h, &ev, H_SETUNIQUE, unique); }
int cle_history_clear(History *h) { HistEvent ev; return history(h, &ev, H_CLEAR); }
int cle_history_count(History *h) {
    HistEvent ev;
    return history(h, &ev, H_GETSIZE) == 0 ? ev.num : 0;
}
// libedit orders its list newest first: H_LAST is the oldest, H_PREV steps newer.
const char *cle_history_oldest(History *h) { HistEvent ev; return history(h, &ev, H_LAST) == 0 ? ev.str : NULL; }
const char *cle_history_newer(History *h) { HistEvent ev; return history(h, &ev, H_PREV) == 0 ? ev.str : NULL; }

static volatile sig_atomic_t interrupted = 0;
static cle_interrupt_fn volatile interrupt_hook = NULL;
static void *volatile interrupt_context = NULL;

static void on_sigint(int signo) {
    (void)signo;
    interrupted = 1;
    cle_interrupt_fn hook = interrupt_hook;
    if (hook != NULL) hook(interrupt_context);
}

static cle_idle_fn idle_hook = NULL;
static void *idle_context = NULL;
static int idle_interval = 250;

// Reads one character for libedit, calling the idle hook between polls. Interrupted
// polls and reads retry (a window resize must not end the line); a SIGINT, when the
// terminal sends one, ends it as libedit's own reader does.
static int idle_read_char(EditLine *el, wchar_t *out) {
    (void)el;
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        if (interrupted) { errno = EINTR; return -1; }
        if (count == 0) {
            struct pollfd input = { .fd = STDIN_FILENO, .events = POLLIN, .revents = 0 };
            int ready = poll(&input, 1, idle_interval);
            if (ready < 0 && errno == EINTR) continue;
            if (ready == 0) {
                if (idle_hook != NULL && idle_hook(idle_context)) { *out = CLE_REDRAW_KEY; return 1; }
                continue;
            }
        }
        char byte;
        ssize_t got = read(STDIN_FILENO, &byte, 1);
        if (got == 0) return 0;
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        bytes[count++] = byte;
        wchar_t wide;
        size_t used = mbrtowc(&wide, bytes, count, &state);
        if (used == (size_t)-2 && count < sizeof bytes) continue;
        if (used == (size_t)-1 || used == (size_t)-2) wide = (unsigned char)bytes[0];
        *out = wide;
        return 1;
    }
}

int cle_set_idle_reader(EditLine *el, cle_idle_fn idle, void *context, int interval_ms) {
    idle_context = context;
    idle_interval = interval_ms;
    idle_hook = idle;
    return el_wset(el, EL_GETCFN, idle_read_char);
}

int cle_install_sigint_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: the blocked read in el_gets must fail with EINTR
    return sigaction(SIGINT, &action, NULL);
}

int cle_take_interrupt(void) {
    int was = interrupted;
    interrupted = 0;
    return was;
}

void cle_set_interrupt_hook(cle_interrupt_fn hook, void *context) {
    interrupt_context = context; // context first: the handler may run between the two stores
    interrupt_hook = hook;
}

void cle_clear_interrupt_hook(void) {
    interrupt_hook = NULL;
    interrupt_context = NULL;
}
