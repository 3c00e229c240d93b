package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cpu.csv as runs write it since http-to-port counts its proxy: role proxy beside client, server and all. */
class CpuCsvTest {

    @Test
    void readsTheProxyRoleAndRefusesAnUnknownOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cpu.csv");
        Files.writeString(
                file,
                CpuCsv.HEADER + "\n"
                        + "http-to-port,int,client,60.0,59.0,61.0,12000\n"
                        + "http-to-port,int,server,70.0,69.0,71.0,12000\n"
                        + "http-to-port,int,proxy,40.0,38.0,42.0,12000\n"
                        + "http-to-port,int,all,170.0,167.0,173.0,12000\n");
        var figures = CpuCsv.read(file).get("http-to-port");
        assertEquals(40.0, figures.get("proxy/int").micros());
        assertEquals(170.0, figures.get("all/int").micros());

        Files.writeString(file, CpuCsv.HEADER + "\nhttp-to-port,int,router,1,0,2,10\n");
        RunData.BadRunException e = assertThrows(RunData.BadRunException.class, () -> CpuCsv.read(file));
        assertTrue(
                e.getMessage().contains("line 2: role must be client, server, proxy or all, got 'router'"),
                e.getMessage());
    }
}
