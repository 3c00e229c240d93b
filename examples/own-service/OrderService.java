import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Stands in for your service and its load test in one JVM: it renders "orders" for a number of seconds.
 * Run as {@code java OrderService main 5} (the main branch) or {@code java OrderService pr 5} (a pull
 * request that adds a SHA-256 checksum to every order: the change the CI gate should catch).
 */
public final class OrderService {

    public static void main(String[] args) throws Exception {
        boolean pr = args[0].equals("pr");
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L;
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        long orders = 0;
        int checksum = 0;
        while (System.nanoTime() < end) {
            StringBuilder order = new StringBuilder("{\"id\":").append(orders).append(",\"lines\":[");
            for (int i = 0; i < 50; i++) order.append("{\"sku\":\"A-").append(i * 31 + orders % 97).append("\",\"qty\":").append(i % 7).append("},");
            order.append("]}");
            byte[] body = order.toString().getBytes(StandardCharsets.UTF_8);
            if (pr) {
                for (int i = 0; i < 4; i++) body = sha.digest(body);   // the pull request's new checksum
            }
            checksum += body[0];
            orders++;
        }
        System.out.println(orders + " orders, checksum " + checksum);
    }
}
