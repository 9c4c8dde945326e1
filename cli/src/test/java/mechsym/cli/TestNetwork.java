package mechsym.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A second host on this machine for tests that cross a real network path: a network namespace and a
 * veth pair that the test creates and removes itself. The pair gets a /30 of its own in 10.213.0.0/16,
 * one address on this side and one inside the namespace, so every packet stays on the machine.
 * Needs root (CAP_NET_ADMIN) and iproute2; {@link #create()} says why when it cannot.
 */
final class TestNetwork implements AutoCloseable {
    private final String namespace;
    private final String hostInterface;
    private final String hostAddress;
    private final String remoteAddress;

    private TestNetwork(String namespace, String hostInterface, String hostAddress, String remoteAddress) {
        this.namespace = namespace;
        this.hostInterface = hostInterface;
        this.hostAddress = hostAddress;
        this.remoteAddress = remoteAddress;
    }

    /** Why a namespace cannot be made here, or null when it can be tried. */
    static String unavailableBecause() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "creating a network namespace needs root; running as " + System.getProperty("user.name");
        }
        try {
            run(List.of("ip", "netns", "list"));
            return null;
        } catch (IOException e) {
            return "iproute2's 'ip netns' does not work here: " + e.getMessage();
        }
    }

    /** Creates the namespace, the veth pair and their addresses; removes what it made if a step fails. */
    static TestNetwork create() throws IOException {
        long tag = ProcessHandle.current().pid() % 100_000;
        int subnet = ThreadLocalRandom.current().nextInt(0, 256 * 64);
        String base = "10.213." + (subnet / 64) + ".";
        int host = (subnet % 64) * 4 + 1;
        TestNetwork network = new TestNetwork("mechsym-test-" + tag, "msh" + tag, base + host, base + (host + 1));
        String peer = "msr" + tag;
        try {
            run(List.of("ip", "netns", "add", network.namespace));
            run(List.of("ip", "link", "add", network.hostInterface, "type", "veth", "peer", "name", peer));
            run(List.of("ip", "link", "set", peer, "netns", network.namespace));
            run(List.of("ip", "addr", "add", network.hostAddress + "/30", "dev", network.hostInterface));
            run(List.of("ip", "link", "set", network.hostInterface, "up"));
            network.inside(List.of("ip", "addr", "add", network.remoteAddress + "/30", "dev", peer));
            network.inside(List.of("ip", "link", "set", peer, "up"));
            network.inside(List.of("ip", "link", "set", "lo", "up"));
        } catch (IOException | RuntimeException e) {
            network.close();
            throw e;
        }
        return network;
    }

    /** The address of the namespace's end: where a server started {@link #command inside} listens. */
    String remoteAddress() {
        return remoteAddress;
    }

    /** This side's address and interface, as the lab labels the path. */
    String hostAddress() {
        return hostAddress;
    }

    String hostInterface() {
        return hostInterface;
    }

    /** {@code command} run inside the namespace: prefix for a ProcessBuilder. */
    List<String> command(List<String> command) {
        List<String> inside = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        inside.addAll(command);
        return inside;
    }

    private void inside(List<String> command) throws IOException {
        run(command(command));
    }

    /** Kills whatever still runs in the namespace and removes it (the veth pair goes with it). */
    @Override
    public void close() {
        try {
            String pids = run(List.of("ip", "netns", "pids", namespace));
            for (String pid : pids.split("\\s+")) {
                if (!pid.isBlank()) {
                    ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the namespace may not exist: nothing runs in it
        }
        try {
            run(List.of("ip", "netns", "del", namespace));
        } catch (IOException e) {
            // not created
        }
        try {
            run(List.of("ip", "link", "del", hostInterface));
        } catch (IOException e) {
            // removed with the namespace, or never made
        }
    }

    private static String run(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": no answer in 10 s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + ": interrupted");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited " + process.exitValue() + ": " + output.trim());
        }
        return output;
    }
}
