package io.vaultstream.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Ports asked for together are distinct, and each can be listened on. */
class FreePortsTest {
  @Test
  void portsAskedForTogetherAreDistinctAndFree() throws Exception {
    for (int round = 0; round < 20; round++) {
      int[] ports = FreePorts.distinct(8);
      assertThat(Arrays.stream(ports).distinct().count()).as(Arrays.toString(ports)).isEqualTo(8);
      for (int port : ports) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
          assertThat(s.getLocalPort()).isEqualTo(port);
        }
      }
    }
  }
}
