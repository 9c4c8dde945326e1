package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@link JvmFlags#REQUIRED} is the one list of the flags every JVM of mechsym needs; the build and
 * the launcher, which cannot call Java, repeat it, and these tests hold them to it: the build's
 * {@code jvm.flags} (tests' JVMs), the jcstress run of the stress module (its host and, through
 * {@code -jvmArgsPrepend}, its forks) and the launcher's {@code JVM_FLAGS}.
 */
class JvmFlagsTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void theBuildsJvmFlagsAreTheRequiredOnes() throws Exception {
        Document pom = parse(ROOT.resolve("pom.xml"));
        String flags = pom.getElementsByTagName("jvm.flags").item(0).getTextContent();

        assertThat(Arrays.asList(flags.strip().split("\\s+"))).isEqualTo(JvmFlags.REQUIRED);
    }

    @Test
    void jcstressAndItsForksGetTheRequiredFlags() throws Exception {
        List<String> arguments = jcstressArguments(parse(ROOT.resolve("stress/pom.xml")));

        assertThat(arguments.subList(0, arguments.indexOf("-jar")))
                .as("the host JVM's flags")
                .isEqualTo(JvmFlags.REQUIRED);
        assertThat(arguments.get(arguments.indexOf("-jvmArgsPrepend") + 1))
                .as("the forks' flags: jvm.flags, one space-separated line jcstress splits")
                .isEqualTo("${jvm.flags}");
    }

    @Test
    void theLaunchersJvmFlagsAreTheRequiredOnes() throws Exception {
        String launcher = Files.readString(ROOT.resolve("mechsym"));
        Matcher flags = Pattern.compile("(?m)^JVM_FLAGS=\\(([^)]*)\\)").matcher(launcher);

        assertThat(flags.find()).as("JVM_FLAGS=(...) in the launcher").isTrue();
        assertThat(Arrays.asList(flags.group(1).strip().split("\\s+"))).isEqualTo(JvmFlags.REQUIRED);
    }

    /** The arguments of the exec plugin's execution "jcstress", in order. */
    private static List<String> jcstressArguments(Document pom) {
        NodeList executions = pom.getElementsByTagName("execution");
        for (int i = 0; i < executions.getLength(); i++) {
            Element execution = (Element) executions.item(i);
            NodeList id = execution.getElementsByTagName("id");
            if (id.getLength() > 0 && id.item(0).getTextContent().strip().equals("jcstress")) {
                List<String> arguments = new ArrayList<>();
                NodeList argument = execution.getElementsByTagName("argument");
                for (int a = 0; a < argument.getLength(); a++) {
                    arguments.add(argument.item(a).getTextContent().strip());
                }
                return arguments;
            }
        }
        throw new AssertionError("no execution 'jcstress' in stress/pom.xml");
    }

    private static Document parse(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(pom.toFile());
    }
}
