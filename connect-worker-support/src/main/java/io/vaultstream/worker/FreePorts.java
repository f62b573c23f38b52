package io.vaultstream.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A free TCP port on the loopback interface, for a listener started right after. */
public final class FreePorts {
  private FreePorts() {}

  /** A port nothing listens on now (another process may take it before it is used). */
  public static int next() {
    return distinct(1)[0];
  }

  /**
   * {@code count} distinct ports nothing listens on now: each is held until all are found, since a
   * port just closed may be handed out again by the next call of {@link #next}.
   */
  public static int[] distinct(int count) {
    ServerSocket[] held = new ServerSocket[count];
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        held[i] = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        ports[i] = held[i].getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      for (ServerSocket s : held) {
        if (s != null) {
          try {
            s.close();
          } catch (IOException e) {
            // The port was found; closing its probe cannot change that.
          }
        }
      }
    }
  }
}
