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
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
