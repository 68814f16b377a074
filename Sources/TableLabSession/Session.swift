// The interactive session: placeholder until the line editor lands.
import TableLabLanguage
