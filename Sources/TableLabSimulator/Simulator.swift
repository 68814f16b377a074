// The simulated UITableView: placeholder until the simulator lands.
import TableLabLanguage
