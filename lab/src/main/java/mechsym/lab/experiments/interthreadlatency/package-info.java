/** The inter-thread-latency experiment: a busy-spinning ping-pong with Java's access modes against C++ std::atomic. */
package mechsym.lab.experiments.interthreadlatency;
