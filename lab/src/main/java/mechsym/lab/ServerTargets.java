package mechsym.lab;

import java.util.Optional;
import mechsym.lab.remote.RemoteServers;

/**
 * The user's own servers an experiment should measure instead of starting its own: a JMS broker
 * ({@code --broker-url}) and a database ({@code --jdbc-url}). Either may be absent, and then the
 * experiments that need one start it themselves; and the servers on another host the network rows
 * measure beside loopback ({@code --remote}). Immutable.
 *
 * @param brokerUrl an Artemis URL such as {@code tcp://host:61616}, or null
 * @param jdbcUrl a JDBC URL (PostgreSQL or Oracle), or null
 * @param remote the remote ping, echo and gateway servers ({@link RemoteServers#NONE} for none)
 */
public record ServerTargets(String brokerUrl, String jdbcUrl, RemoteServers remote) {
    /** No server of the user's: every experiment starts its own. */
    public static final ServerTargets NONE = new ServerTargets(null, null, RemoteServers.NONE);

    public Optional<String> broker() {
        return Optional.ofNullable(brokerUrl);
    }

    public Optional<String> jdbc() {
        return Optional.ofNullable(jdbcUrl);
    }
}
