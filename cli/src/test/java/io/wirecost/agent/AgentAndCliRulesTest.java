package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.CategoryCounts;
import io.wirecost.cli.InProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's own {@code attribution/examples/spring-tomcat.rules} (a file that completes the built-in
 * rules, without a fallback line of its own) counts the same samples into the same categories through the
 * agent ({@code rules=}) and through {@code wirecost attribute --rules}. The agent used to parse the file
 * alone, reject it for its missing fallback and count with other rules than the user asked for.
 */
class AgentAndCliRulesTest {

    private static final Path SPRING_TOMCAT =
            Path.of(System.getProperty("wirecost.home", ".."), "attribution/examples/spring-tomcat.rules");

    @TempDir
    Path dir;

    @Test
    void theAgentAndTheCliGiveTheSameSharesForTheSameSamples() throws Exception {
        assertTrue(Files.isRegularFile(SPRING_TOMCAT), SPRING_TOMCAT + " exists");
        String http =
                "java.lang.Thread.run;org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun;org.apache.catalina.core.StandardWrapperValve.invoke;";
        Path samples = Files.writeString(
                dir.resolve("app-server.collapsed"),
                String.join(
                        "\n",
                        http
                                + "org.springframework.web.servlet.DispatcherServlet.doDispatch;com.example.shop.OrderController.order 40",
                        http
                                + "org.springframework.web.servlet.DispatcherServlet.doDispatch;org.springframework.aop.framework.ReflectiveMethodInvocation.proceed 25",
                        http + "com.fasterxml.jackson.databind.ObjectMapper.writeValue 17",
                        http
                                + "org.hibernate.internal.SessionImpl.find;com.zaxxer.hikari.pool.HikariProxyPreparedStatement.executeQuery 11",
                        http + "ch.qos.logback.classic.Logger.info 7",
                        "java.lang.Thread.run;sun.nio.ch.EPoll.wait 5",
                        "java.lang.Thread.run;java.util.HashMap.get 3",
                        ""));

        AgentOptions options = AgentOptions.parse("rules=" + SPRING_TOMCAT + ",metrics.port=0");
        var rules = SegmentReader.rules(options);
        assertTrue(rules.indexOf("app") >= 0, "the agent took the user's categories: " + rules.categories());
        CategoryCounts agent = new CategoryCounts(rules.categories());
        SegmentReader.attributor(options, rules).read(samples, agent);
        Map<String, Long> byAgent = new LinkedHashMap<>();
        for (int i = 0; i < rules.categories().size(); i++) {
            if (rules.categories().get(i).isMiddleware() && agent.samples(i) > 0)
                byAgent.put(rules.categories().get(i).name(), agent.samples(i));
        }

        Map<String, Long> byCli = new LinkedHashMap<>();
        for (String line : cli("attribute", "--rules", SPRING_TOMCAT.toString(), samples.toString(), "--format", "csv")
                .lines()
                .skip(1)
                .toList()) {
            String[] f = line.split(",");
            if (f[0].equals("total")) continue; // the row that reconciles with the recording
            if (Long.parseLong(f[2]) > 0) byCli.put(f[0], Long.parseLong(f[2]));
        }
        assertEquals(byCli, byAgent);
        assertEquals(40L, byAgent.get("app"), "the user's category counted: " + byAgent);
    }

    private static String cli(String... args) {
        InProcess.Outcome o = InProcess.run(args);
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        return o.stdout();
    }
}
