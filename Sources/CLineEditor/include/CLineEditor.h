// C shim over libedit: placeholder until the line-editor issue lands.
#ifndef CLINEEDITOR_H
#define CLINEEDITOR_H
int cle_placeholder(void);
#endif
