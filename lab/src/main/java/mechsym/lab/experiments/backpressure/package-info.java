/** The back-pressure experiment: bounded queues in front of a transaction service answering 503 when full, with the queue length Little's law predicts. */
package mechsym.lab.experiments.backpressure;
