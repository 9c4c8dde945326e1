package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LabServerOptionsTest extends CliTestBase {
    @Test
    void aUrlOfTheWrongKindIsBadUsage() {
        assertThat(run("lab", "jms-load", "--broker-url", "http://mq:8161")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--broker-url 'http://mq:8161'");
        assertThat(run("lab", "jdbc-prefetch", "--jdbc-url", "jdbc:mysql://db/x?password=secret"))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--jdbc-url").contains("password=***").doesNotContain("secret");
    }

    @Test
    void passwordsAreRedactedFromTheCommandTheReportShows() {
        assertThat(LabCommand.redactedPassword("jdbc:postgresql://db/x?user=u&password=s3cret&ssl=false"))
                .isEqualTo("jdbc:postgresql://db/x?user=u&password=***&ssl=false");
        assertThat(LabCommand.redactedPassword("jdbc:oracle:thin:scott/tiger@//ora:1521/PDB"))
                .isEqualTo("jdbc:oracle:thin:scott/***@//ora:1521/PDB");
    }
}
