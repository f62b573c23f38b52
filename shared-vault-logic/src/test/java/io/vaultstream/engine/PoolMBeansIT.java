package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * A loader given a pool name shows its HikariCP pool in JMX under that name (so a monitoring agent
 * can tell the pools of a worker's tasks apart), and removes it when it closes; a loader without
 * one registers nothing.
 */
class PoolMBeansIT {
  private final MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();

  private static VaultModel shop() {
    return ModelLoader.load(Samples.shopModel(), null, null);
  }

  @Test
  void aNamedPoolRegistersItsBeansUntilTheLoaderCloses() throws Exception {
    String name = "vaultstream-it-" + Long.toHexString(System.nanoTime()) + "-0";
    ObjectName pool = new ObjectName("com.zaxxer.hikari:type=Pool (" + name + ")");
    ObjectName config = new ObjectName("com.zaxxer.hikari:type=PoolConfig (" + name + ")");
    VaultOptions options =
        TestDatabase.options(TestDatabase.newSchema()).poolName(name).poolMaxSize(3).build();
    try (VaultLoader loader = VaultLoader.open(shop(), options)) {
      assertThat(jmx.isRegistered(pool)).as("pool bean").isTrue();
      assertThat((Integer) jmx.getAttribute(pool, "TotalConnections")).isPositive();
      assertThat(jmx.getAttribute(config, "MaximumPoolSize")).isEqualTo(3);
    }
    assertThat(jmx.isRegistered(pool)).as("pool bean after close").isFalse();
  }

  @Test
  void anUnnamedPoolRegistersNoBeans() throws Exception {
    VaultOptions options = TestDatabase.options(TestDatabase.newSchema()).build();
    try (VaultLoader loader = VaultLoader.open(shop(), options)) {
      assertThat(
              jmx.queryNames(
                  new ObjectName(
                      "com.zaxxer.hikari:type=Pool (" + VaultOptions.DEFAULT_POOL_NAME + ")"),
                  null))
          .isEmpty();
    }
  }
}
