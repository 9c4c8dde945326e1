/** The utf8 experiment: UTF-8 encoding into heap and direct buffers with the JDK, Agrona and mechsym. */
package mechsym.lab.experiments.utf8;
