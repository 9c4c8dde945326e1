/** The string-internals experiment: reading a String in place against the public API's copies, and zero-copy construction. */
package mechsym.lab.experiments.stringinternals;
