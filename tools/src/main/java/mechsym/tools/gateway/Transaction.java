package mechsym.tools.gateway;

/**
 * One request on its way through the transaction service: made by a gateway thread, run by a
 * service thread, answered through the gateway thread's output queue. Its fields are written by one
 * thread at a time and handed on through core's queues, whose offer/poll order them
 * (happens-before), so they need no synchronisation of their own.
 */
public final class Transaction {
    final Answers answers;
    final Object connection;
    final byte[] body;
    final long acceptedNanos;
    /** Set by the service thread: the answer's body. */
    byte[] result;
    /** Set on admission: the input queue (service thread) it went to. */
    int queue = -1;
    /** Set by the service thread: 200, or 500 when the work threw. */
    int status = 200;

    Transaction(Answers answers, Object connection, byte[] body, long acceptedNanos) {
        this.answers = answers;
        this.connection = connection;
        this.body = body;
        this.acceptedNanos = acceptedNanos;
    }

    /** Where a gateway thread takes back the transactions it submitted, once answered. */
    interface Answers {
        /** Called on a service thread when {@code transaction} has its result; must not block for long. */
        void answered(Transaction transaction);
    }
}
