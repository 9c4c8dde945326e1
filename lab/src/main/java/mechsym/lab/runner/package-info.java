/** Runs experiments: one after another, each in its folder, with forked JVMs, JMH and the output written as it goes. */
package mechsym.lab.runner;
