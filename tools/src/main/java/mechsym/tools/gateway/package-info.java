/**
 * The HTTP gateway of the seed "Applying Back Pressure When Overloaded": {@link
 * mechsym.tools.gateway.GatewayServer} (non-blocking HTTP/1.1 event loops) in front of a {@link
 * mechsym.tools.gateway.TransactionService} fed by core's bounded MPSC queues, sized by Little's law
 * ({@link mechsym.tools.gateway.QueueSizing}), answering {@code 503} when full.
 *
 * <p>Threading: gateway threads own their connections; service threads own their input queue's
 * consumer side; answers travel back through each gateway thread's MPSC output queue. Counters and
 * {@code /stats} may be read from any thread (snapshots).
 */
package mechsym.tools.gateway;
