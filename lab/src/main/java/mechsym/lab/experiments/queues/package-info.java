/** The queues experiment: mechsym's inter-thread queues and ring buffer against JCTools, Agrona, the Disruptor and the JDK. */
package mechsym.lab.experiments.queues;
