/** The {@code mechsym} command line: picocli commands that parse arguments and call a program or the lab, with no logic of their own. */
package mechsym.cli;
