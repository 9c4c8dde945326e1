package mechsym.tools.ping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LoadMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The echo protocol against a running server, its reliability cases and the client's errors. */
@Timeout(30)
class PingServerTest {
    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private PingServer server(Transport transport) throws IOException {
        PingServer server = PingServer.start(
                "127.0.0.1", transport == Transport.IPC ? 1 : 0, transport, null, dir.resolve("ping.ipc"));
        toClose.add(server);
        return server;
    }

    private PingOptions options(PingServer server, int size, long count) {
        return new PingOptions(
                "127.0.0.1", server.port(), server.transport(), size, count, 10, 0, null, 2000, server.ipcPath());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void everyTransportEchoesAndRecordsEachRoundTrip(Transport transport) throws IOException {
        PingServer server = server(transport);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);

        PingClient.Outcome outcome = PingClient.run(options(server, 32, 300), recorder);

        assertThat(recorder.total().count()).isEqualTo(300);
        assertThat(recorder.total().minNanos()).isPositive();
        assertThat(outcome.sent()).isEqualTo(310);
        assertThat(outcome.lost()).isZero();
        assertThat(server.messages()).isPositive(); // TCP reads may join messages
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"SPIN", "BLOCKING", "SELECT"})
    void aServerKeepsServingAfterClientsThatLeaveMidMessageOrSendOddAmounts(Transport transport) throws Exception {
        PingServer server = server(transport);
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write(new byte[10]); // half of a 20-byte message, then gone
        }
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5000);
            assertThat(echo(s, "abc".getBytes())).isEqualTo("abc".getBytes()); // less than 32
            byte[] big = new byte[50_000];
            big[49_999] = 7;
            assertThat(echo(s, big)).isEqualTo(big); // more than one read
        }
        for (int i = 0; i < 50; i++) {
            new Socket("127.0.0.1", server.port()).close(); // many clients come and go
        }
        Socket reset = new Socket("127.0.0.1", server.port());
        reset.setSoLinger(true, 0);
        reset.getOutputStream().write(1);
        reset.close(); // an abortive close (RST)

        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(server, 32, 100), recorder);
        assertThat(recorder.total().count()).isEqualTo(100);
        assertThat(server.clients()).isGreaterThanOrEqualTo(54);
    }

    @Test
    void concurrentClientsAreServedAtOnce() throws Exception {
        PingServer server = server(Transport.BLOCKING);
        try (Socket _ = new Socket("127.0.0.1", server.port())) {
            LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
            PingClient.run(options(server, 16, 50), recorder); // not held up by the idle client
            assertThat(recorder.total().count()).isEqualTo(50);
        }
    }

    @Test
    void udpServerAnswersEmptyAndLargestDatagramsAndGoesOn() throws Exception {
        PingServer server = server(Transport.UDP);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(5000);
            InetAddress local = InetAddress.getByName("127.0.0.1");
            for (int size : new int[] {0, 1, PingServer.MAX_MESSAGE}) {
                socket.send(new DatagramPacket(new byte[size], size, local, server.port()));
                DatagramPacket answer = new DatagramPacket(new byte[70_000], 70_000);
                socket.receive(answer);
                assertThat(answer.getLength()).isEqualTo(size);
            }
        }
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(server, 32, 100), recorder);
        assertThat(recorder.total().count()).isEqualTo(100);
    }

    @Test
    void fixedRateTimesFromTheIntendedSendTime() throws IOException {
        PingServer server = server(Transport.SPIN);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.FIXED_RATE);
        PingOptions o = new PingOptions("127.0.0.1", server.port(), Transport.SPIN, 32, 200, 0, 2000, null, 2000, null);
        PingClient.run(o, recorder);
        assertThat(recorder.total().count()).isEqualTo(200);
        assertThat(recorder.total().mode()).isEqualTo(LoadMode.FIXED_RATE);
    }

    @Test
    void refusedUnknownHostAndPortInUseAreOneLineErrors() throws IOException {
        int freePort;
        try (ServerSocket probe = new ServerSocket(0)) {
            freePort = probe.getLocalPort();
        }
        PingOptions refused = new PingOptions("127.0.0.1", freePort, Transport.SPIN, 32, 1, 0, 0, null, 1000, null);
        assertThatThrownBy(() -> PingClient.run(refused, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .isInstanceOf(IOException.class)
                .hasMessage("connection refused by 127.0.0.1:" + freePort + " (no ping server listening there?)");

        PingOptions unknown = new PingOptions("no-such-host.invalid", 9, Transport.SPIN, 32, 1, 0, 0, null, 1000, null);
        assertThatThrownBy(() -> PingClient.run(unknown, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .hasMessage("unknown host 'no-such-host.invalid'");

        try (ServerSocket taken = new ServerSocket(0)) {
            assertThatThrownBy(() -> PingServer.start(null, taken.getLocalPort(), Transport.SPIN, null, null))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("port " + taken.getLocalPort())
                    .hasMessageContaining("in use");
        }

        PingOptions noIpc =
                new PingOptions("localhost", 1, Transport.IPC, 32, 1, 0, 0, null, 1000, dir.resolve("absent"));
        assertThatThrownBy(() -> PingClient.run(noIpc, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .hasMessageContaining("does not exist");
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"SPIN", "SELECTNOW", "SELECT", "BLOCKING"})
    @Timeout(60) // the client's own 300 ms timeout must end it: a client that hung fails here
    void aClientTimesOutWhenTheServerNeverAnswers(Transport transport) throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            PingOptions o =
                    new PingOptions("127.0.0.1", silent.getLocalPort(), transport, 32, 5, 0, 0, null, 300, null);
            assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("no answer from 127.0.0.1:" + silent.getLocalPort());
        }
    }

    @Test
    void udpMessagesWithNoAnswerAreCountedLostNotWaitedForeverOn() throws IOException {
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
            PingOptions o =
                    new PingOptions("127.0.0.1", silent.getLocalPort(), Transport.UDP, 32, 3, 0, 0, null, 50, null);
            LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
            PingClient.Outcome outcome = PingClient.run(o, recorder);
            assertThat(outcome.lost()).isEqualTo(3);
            assertThat(recorder.total().count()).isZero();
        }
    }

    @Test
    void ipcClientFailsAtOnceWhenItsServerStops() throws IOException {
        PingServer server = server(Transport.IPC);
        PingOptions o = options(server, 32, 10);
        server.close();
        assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .isInstanceOf(IOException.class);
    }

    @Test
    void badOptionsNameTheOption() {
        assertThatThrownBy(() -> new PingOptions("h", 1, Transport.UDP, 70_000, 1, 0, 0, null, 1, null).validate())
                .hasMessage("--size must be 1..65507 bytes, not 70000");
        assertThatThrownBy(() -> new PingOptions("h", 1, Transport.SPIN, 32, 0, 0, 0, null, 1, null).validate())
                .hasMessageStartingWith("--count");
        assertThatThrownBy(() -> new PingOptions("h", 70_000, Transport.SPIN, 32, 1, 0, 0, null, 1, null).validate())
                .hasMessageStartingWith("--port");
        assertThatThrownBy(() -> new PingOptions("h", 1, Transport.SPIN, 32, 1, 0, 0, 4096, 1, null).validate())
                .hasMessageStartingWith("--cpu 4096");
        assertThatThrownBy(() -> Transport.parse("carrier-pigeon"))
                .hasMessage("unknown transport 'carrier-pigeon'; valid: spin, selectnow, select, blocking, udp, ipc");
    }

    private static Set<Thread> pingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ping-"))
                .collect(Collectors.toSet());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void closeJoinsEveryThreadTheServerStarted(Transport transport) throws Exception {
        Set<Thread> before = pingThreads();
        PingServer server = server(transport);
        PingClient.run(options(server, 32, 20), new LatencyRecorder(LoadMode.CLOSED_LOOP));
        Set<Thread> started = pingThreads();
        started.removeAll(before);
        assertThat(started).isNotEmpty();

        server.close();

        assertThat(started)
                .allSatisfy(t -> assertThat(t.isAlive()).as(t.getName()).isFalse());
        assertThat(server.summary()).startsWith("ping server (" + transport.id() + ") on " + server.address());
    }

    @ParameterizedTest
    @EnumSource(
            value = Transport.class,
            names = {"SELECT", "BLOCKING"})
    void aClientThatSendsButNeverReadsIsDroppedAfterTheStallTimeout(Transport transport) throws Exception {
        PingServer server = PingServer.start("127.0.0.1", 0, transport, null, null, Duration.ofMillis(300));
        toClose.add(server);
        try (Socket greedy = new Socket()) {
            greedy.setReceiveBufferSize(4096);
            greedy.connect(new java.net.InetSocketAddress("127.0.0.1", server.port()));
            AtomicReference<Exception> ended = new AtomicReference<>();
            Thread writer = Thread.ofPlatform().start(() -> {
                byte[] chunk = new byte[64 * 1024];
                try {
                    while (true) {
                        greedy.getOutputStream().write(chunk); // never reads the echo
                    }
                } catch (IOException e) {
                    ended.set(e);
                }
            });
            while (server.slowClientsDropped() == 0) {
                Thread.sleep(10);
            }
            writer.join(); // the server closed the connection: the writer's write fails
            assertThat(ended.get()).isNotNull();
        }
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(server, 32, 50), recorder); // others are still served
        assertThat(recorder.total().count()).isEqualTo(50);
    }

    @Test
    void aConnectionResetNamesTheServer() throws Exception {
        try (ServerSocket resetting = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            Thread.ofPlatform().start(() -> {
                try (Socket s = resetting.accept()) {
                    s.getInputStream().read();
                    s.setSoLinger(true, 0); // close with RST
                } catch (IOException e) {
                    // the test fails on the client's side
                }
            });
            PingOptions o = new PingOptions(
                    "127.0.0.1", resetting.getLocalPort(), Transport.SPIN, 32, 5, 0, 0, null, 2000, null);
            assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("127.0.0.1:" + resetting.getLocalPort());
        }
    }

    @Test
    void aWarmUpCutShortCountsOnlyTheMessagesSent() throws IOException {
        PingServer server = server(Transport.UDP);
        PingOptions o = new PingOptions(
                "127.0.0.1", server.port(), Transport.UDP, 32, 1_000_000_000L, 1_000_000_000L, 0, null, 2000, null);
        PingClient.Outcome outcome =
                PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP), 20_000_000L); // 20 ms a phase
        assertThat(outcome.sent()).isEqualTo(server.messages()).isLessThan(1_000_000_000L);
        assertThat(outcome.measured()).isPositive().isLessThan(outcome.sent());
    }

    @Test
    void aSecondIpcServerOnTheSameFileIsRefusedWhileTheFirstRuns() throws IOException {
        PingServer first = server(Transport.IPC);
        assertThatThrownBy(() -> PingServer.start(null, 1, Transport.IPC, null, first.ipcPath()))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(first.ipcPath() + " is in use by the ipc ping server of process "
                        + ProcessHandle.current().pid());
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(first, 32, 20), recorder); // the first still serves
        assertThat(recorder.total().count()).isEqualTo(20);
    }

    @Test
    void anIpcServerNeitherOverwritesNorRemovesAFileItDidNotMake() throws IOException {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "precious");
        assertThatThrownBy(() -> PingServer.start(null, 1, Transport.IPC, null, text))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(text + " is not a mechsym ping file");
        assertThat(Files.readString(text)).isEqualTo("precious");

        PingServer first = server(Transport.IPC);
        Files.delete(first.ipcPath()); // removed by hand: a second server takes the path
        PingServer second = PingServer.start(null, 1, Transport.IPC, null, first.ipcPath());
        toClose.add(second);
        first.close();
        assertThat(first.ipcPath()).as("the second server's file").exists();
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(second, 32, 20), recorder);
        assertThat(recorder.total().count()).isEqualTo(20);
        second.close();
        assertThat(second.ipcPath()).doesNotExist();
    }

    @Test
    void aStoppedServersFileIsTakenOver() throws IOException {
        Path file = dir.resolve("ping.ipc");
        Files.write(file, header(0, PingServer.MAX_MESSAGE, 1024 + 2 * PingServer.MAX_MESSAGE));
        PingServer server = server(Transport.IPC);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(options(server, 32, 20), recorder);
        assertThat(recorder.total().count()).isEqualTo(20);
    }

    @Test
    void aCraftedIpcHeaderIsRefusedNamingTheFile() throws IOException {
        Path file = dir.resolve("crafted.ipc");
        Files.write(file, header(ProcessHandle.current().pid(), Integer.MAX_VALUE, 4096));
        PingOptions o = new PingOptions("localhost", 1, Transport.IPC, 32, 1, 0, 0, null, 1000, file);
        assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                .isInstanceOf(IOException.class)
                .hasMessage(file + " is not a mechsym ping file: its max message size " + Integer.MAX_VALUE
                        + " does not fit its 4096 bytes");
    }

    @Test
    void aClientWhoseIpcSlotIsHeldIsRefusedAndLeavesNoMappingBehind() throws Exception {
        PingServer server = server(Transport.IPC);
        long other = ProcessHandle.current().parent().orElseThrow().pid();
        PingOptions o = options(server, 32, 1);
        try (FileChannel channel =
                        FileChannel.open(server.ipcPath(), StandardOpenOption.READ, StandardOpenOption.WRITE);
                var held = channel.lock(512, 8, false)) { // the client slot, as a client holds it
            channel.write(ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, other), 512);
            for (int i = 0; i < 5; i++) {
                assertThatThrownBy(() -> PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP)))
                        .hasMessageContaining("is busy with client process " + other);
            }
            assertThat(held.isValid()).isTrue();
        }
        String name = server.ipcPath().toString();
        assertThat(Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.endsWith(name)))
                .isEmpty();
        // the holder is gone (its lock with it); the pid it left in the file does not hold the slot
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        PingClient.run(o, recorder);
        assertThat(recorder.total().count()).isEqualTo(1);
    }

    @Test
    void anIpcFileTruncatedUnderTheClientFailsTheRunNotTheJvm() throws Exception {
        PingServer server = server(Transport.IPC);
        PingOptions o = new PingOptions(
                "localhost", 1, Transport.IPC, 1024, Long.MAX_VALUE / 2, 0, 0, null, 2000, server.ipcPath());
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread client = Thread.ofPlatform().start(() -> {
            try {
                PingClient.run(o, new LatencyRecorder(LoadMode.CLOSED_LOOP));
            } catch (Exception e) {
                failure.set(e);
            }
        });
        while (server.messages() < 1000) {
            Thread.sleep(1);
        }
        try (FileChannel channel = FileChannel.open(server.ipcPath(), StandardOpenOption.WRITE)) {
            channel.truncate(0);
        }
        client.join();
        assertThat(failure.get())
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(server.ipcPath() + " changed size under mechsym ping");
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {100, 0})
    void anIpcServerWhoseFileIsTruncatedSaysSoNamingItAndStopsSpinning(long size) throws Exception {
        PingServer server = server(Transport.IPC);
        try (FileChannel channel = FileChannel.open(server.ipcPath(), StandardOpenOption.WRITE)) {
            channel.truncate(size);
        }
        String why = server.failed().get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(why)
                .startsWith(server.ipcPath() + " changed size under mechsym ping")
                .contains("now " + size);
        assertThat(server.summary()).contains(why);
    }

    /** A file with a ping header: magic, server pid, max message size, layout version, {@code size} bytes. */
    private static byte[] header(long pid, int maxSize, int size) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.nativeOrder());
        b.put(0, "MSPING01".getBytes(StandardCharsets.US_ASCII));
        b.putLong(8, pid);
        b.putInt(16, maxSize);
        b.putInt(20, IpcFile.LAYOUT_VERSION);
        return b.array();
    }

    private static byte[] echo(Socket s, byte[] message) throws IOException {
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        out.write(message);
        out.flush();
        return in.readNBytes(message.length);
    }
}
