package mechsym.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class NetworkPathTest {
    @Test
    void loopbackIsLabelledLoopback() throws Exception {
        NetworkPath path = NetworkPath.to(new HostPort("127.0.0.1", 9000));
        assertThat(path.isLoopback()).isTrue();
        assertThat(path.label()).isEqualTo("loopback");
        assertThat(NetworkPath.LOOPBACK.label()).isEqualTo("loopback");
    }

    @Test
    void aPathOverAnInterfaceNamesItAndBothAddresses() throws Exception {
        Optional<NetworkInterface> nic = NetworkInterface.networkInterfaces()
                .filter(n -> !isLoopback(n))
                .filter(n -> n.inetAddresses().anyMatch(a -> a instanceof Inet4Address))
                .findFirst();
        Assumptions.assumeTrue(nic.isPresent(), "no IPv4 interface but loopback here");
        InetAddress own = nic.get()
                .inetAddresses()
                .filter(a -> a instanceof Inet4Address)
                .findFirst()
                .orElseThrow();
        // the route to an address of this host's own interface: the kernel's choice, nothing is sent
        NetworkPath path = NetworkPath.to(own);
        assertThat(path.remoteAddress()).isEqualTo(own.getHostAddress());
        assertThat(path.label()).endsWith(" → " + own.getHostAddress());
    }

    @Test
    void aLabelNamesTheInterfaceAndTheAddressesOnBothEnds() {
        NetworkPath path = new NetworkPath("veth1", "10.213.0.1", "10.213.0.2");
        assertThat(path.isLoopback()).isFalse();
        assertThat(path.label()).isEqualTo("veth1 10.213.0.1 → 10.213.0.2");
    }

    private static boolean isLoopback(NetworkInterface n) {
        try {
            return n.isLoopback() || !n.isUp();
        } catch (java.net.SocketException e) {
            return true;
        }
    }
}
