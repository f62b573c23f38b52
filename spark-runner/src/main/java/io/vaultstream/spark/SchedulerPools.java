package io.vaultstream.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.Pool;
import org.apache.spark.scheduler.SchedulingMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The job's FAIR scheduler pools ({@code vaultstream-fairscheduler.xml} in the job jar): given to a
 * session the job creates as a file of their own, and added to a session that already runs in FAIR
 * mode without them (a Databricks cluster, whose session exists before the job starts).
 */
final class SchedulerPools {
  private static final Logger LOG = LoggerFactory.getLogger(SchedulerPools.class);

  /** The pool file on the job's class path. */
  static final String RESOURCE = "/vaultstream-fairscheduler.xml";

  /** One pool of the file. */
  record PoolSpec(String name, String mode, int weight, int minShare) {}

  private SchedulerPools() {}

  /**
   * Settings for a session the job creates: FAIR mode and the pool file. Spark reads the file only
   * by path, never from inside a jar, so its text is written to a temporary file first.
   */
  static Map<String, String> sessionSettings() {
    java.nio.file.Path file;
    try (InputStream in = resource()) {
      file = Files.createTempFile("vaultstream-fairscheduler-", ".xml");
      Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the FAIR scheduler pool file", e);
    }
    file.toFile().deleteOnExit();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("spark.scheduler.mode", "FAIR");
    settings.put("spark.scheduler.allocation.file", file.toUri().toString());
    return settings;
  }

  /** The pools the file defines, in its order. */
  static List<PoolSpec> pools() {
    try (InputStream in = resource()) {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      NodeList nodes = factory.newDocumentBuilder().parse(in).getElementsByTagName("pool");
      List<PoolSpec> pools = new ArrayList<>();
      for (int i = 0; i < nodes.getLength(); i++) {
        Element pool = (Element) nodes.item(i);
        pools.add(
            new PoolSpec(
                pool.getAttribute("name"),
                text(pool, "schedulingMode"),
                Integer.parseInt(text(pool, "weight")),
                Integer.parseInt(text(pool, "minShare"))));
      }
      return pools;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the FAIR scheduler pool file " + RESOURCE, e);
    } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
      throw new IllegalStateException("The FAIR scheduler pool file " + RESOURCE + " is broken", e);
    }
  }

  /**
   * Makes the job's pools exist in a running session: those the session already has (from its pool
   * file) are kept as they are; the others are added with the file's weights. A session in FIFO
   * mode has no pools to add to, which is logged with the settings that would give them.
   */
  static void ensure(SparkContext sc) {
    if (sc.getSchedulingMode() != SchedulingMode.FAIR()) {
      LOG.warn(
          "Spark runs in {} scheduling mode, so the queries share no FAIR pools (hubs before links"
              + " before satellites); set spark.scheduler.mode=FAIR on the cluster for them",
          sc.getSchedulingMode());
      return;
    }
    List<String> added = new ArrayList<>();
    try {
      for (PoolSpec spec : pools()) {
        if (sc.getPoolForName(spec.name()).isEmpty()) {
          add(sc, spec);
          added.add(spec.name());
        }
      }
    } catch (RuntimeException | LinkageError e) {
      // Spark's scheduler classes are internal: a runtime whose scheduler differs keeps default
      // pools, and the file can still be given as a cluster setting.
      LOG.warn(
          "Cannot add the FAIR scheduler pools {} to the running session ({}); the queries run in"
              + " pools of weight 1. Give the pool file as the cluster's"
              + " spark.scheduler.allocation.file (a copy of {} from the job jar)",
          pools().stream().map(PoolSpec::name).toList(),
          e.toString(),
          RESOURCE);
      return;
    }
    LOG.info(
        "FAIR scheduler pools of the job: {}{}",
        pools().stream().map(PoolSpec::name).toList(),
        added.isEmpty() ? "" : " (added to the running session: " + added + ")");
  }

  /**
   * Adds one pool as Spark's own pool builder does: Spark makes pools only from its pool file at
   * start (or with weight 1 when a job names an unknown one), and this session exists already.
   */
  private static void add(SparkContext sc, PoolSpec spec) {
    sc.taskScheduler()
        .rootPool()
        .addSchedulable(
            new Pool(
                spec.name(), SchedulingMode.withName(spec.mode()), spec.minShare(), spec.weight()));
  }

  private static InputStream resource() throws IOException {
    InputStream in = SchedulerPools.class.getResourceAsStream(RESOURCE);
    if (in == null) {
      throw new IOException(RESOURCE + " is missing from the job's class path");
    }
    return in;
  }

  private static String text(Element pool, String tag) {
    NodeList nodes = pool.getElementsByTagName(tag);
    if (nodes.getLength() == 0) {
      throw new IllegalStateException(
          "Pool " + pool.getAttribute("name") + " of " + RESOURCE + " has no <" + tag + ">");
    }
    return nodes.item(0).getTextContent().trim();
  }
}
