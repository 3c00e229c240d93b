package io.wirecost.scenarios.batch;

import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.net.EchoServer;
import io.wirecost.scenarios.batch.rmi.RmiFileServer;
import io.wirecost.scenarios.batch.ws.MetroServer;
import io.wirecost.scenarios.harness.CommandLoop;
import io.wirecost.scenarios.harness.JvmFacts;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server JVM of {@code wirecost batch}: {@code BatchServerMain FILES}. Serves seed 004's file store
 * of FILES synthetic files three ways, all on 127.0.0.1: RMI objects and the RMI document server on one
 * port (registry included), the Metro web service in Tomcat on another, and an echo service for
 * measuring the delay proxy. Announces the ports, then answers {@code info} and {@code exit}.
 */
public final class BatchServerMain {

    private BatchServerMain() {}

    /** All three servers listen here: the delay proxy in front of them, not a second host, stands for the network. */
    private static final String HOST = "127.0.0.1";

    public static void main(String[] args) throws Exception {
        CommandLoop loop = new CommandLoop();
        FileStore store = loop.startOrExit(() -> new FileStore(Integer.parseInt(args[0])));
        RmiFileServer rmi = loop.startOrExit(() -> RmiFileServer.start(store));
        MetroServer metro = loop.startOrExit(() -> MetroServer.start(HOST, store.files()));
        EchoServer echo = loop.startOrExit(EchoServer::start);
        Map<String, Object> endpoint = new LinkedHashMap<>();
        endpoint.put("host", HOST);
        endpoint.put("rmiPort", rmi.port());
        endpoint.put("httpPort", metro.port());
        endpoint.put("echoPort", echo.port());
        loop.reply(Map.of("endpoint", endpoint));
        loop.on("info", a -> JvmFacts.read());
        loop.runThenExit(() -> {
            echo.close();
            metro.close();
            rmi.close();
        });
    }
}
