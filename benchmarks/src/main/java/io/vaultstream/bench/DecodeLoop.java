package io.vaultstream.bench;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * The cost of decoding one Debezium record with its schema, in a loop on one thread without broker
 * or worker: the engine's decoder on the record's bytes (the {@code ByteArrayConverter} path) and,
 * for comparison, Kafka's JsonConverter turning the same bytes into a Connect Struct (only the
 * first step of the Struct path, which then converts the Struct and decodes it). Prints the CPU
 * time of the thread per record (other processes on the machine do not count in it) of each
 * measured round, and their median and range.
 *
 * <p>Options: {@code --events=N} (records per round, 20000), {@code --rounds=N} (measured rounds,
 * 15), {@code --warmup=N} (rounds not measured, 15).
 */
public final class DecodeLoop {
  private DecodeLoop() {}

  /** Runs the loop and prints its figures. */
  public static void main(String[] args) throws Exception {
    int events = intArg(args, "--events=", 20_000);
    int rounds = intArg(args, "--rounds=", 15);
    int warmup = intArg(args, "--warmup=", 15);
    VaultModel model = ModelLoader.load(model());
    List<ChangeRecord> records = ShopEventGenerator.debezium(42).next(events);
    long bytes = records.stream().mapToLong(r -> r.value() == null ? 0 : r.value().length).sum();
    ChangeEventDecoder decoder = new ChangeEventDecoder(model, DecoderOptions.defaults());
    JsonConverter json = new JsonConverter();
    json.configure(Map.of("schemas.enable", "true", "converter.type", "value"));
    System.out.printf(
        "%,d Debezium records with schemas, %,d bytes of values on average%n",
        events, bytes / events);
    double[] engine = new double[rounds];
    double[] converter = new double[rounds];
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long sink = 0;
    for (int round = -warmup; round < rounds; round++) {
      long start = threads.getCurrentThreadCpuTime();
      for (int i = 0; i < records.size(); i++) {
        ChangeRecord r = records.get(i);
        sink += decoder.decode(r.topic(), 0, i, 0L, r.key(), r.value()).isPresent() ? 1 : 0;
      }
      long middle = threads.getCurrentThreadCpuTime();
      for (ChangeRecord r : records) {
        sink += json.toConnectData(r.topic(), r.value()).value() == null ? 0 : 1;
      }
      long end = threads.getCurrentThreadCpuTime();
      if (round >= 0) {
        engine[round] = (middle - start) / (double) events;
        converter[round] = (end - middle) / (double) events;
      }
    }
    print("engine decoder, bytes to ChangeEvent", engine);
    print("JsonConverter, bytes to Struct only", converter);
    System.out.println("(checksum " + sink + ")");
  }

  private static void print(String what, double[] ns) {
    double[] s = ns.clone();
    Arrays.sort(s);
    System.out.printf(
        "%-40s median %,.0f ns of CPU/record, range %,.0f-%,.0f, rounds %s%n",
        what,
        s[s.length / 2],
        s[0],
        s[s.length - 1],
        Arrays.toString(Arrays.stream(ns).mapToLong(Math::round).toArray()));
  }

  static int intArg(String[] args, String prefix, int fallback) {
    for (String a : args) {
      for (String part : a.split(" ")) {
        if (part.startsWith(prefix)) {
          return Integer.parseInt(part.substring(prefix.length()));
        }
      }
    }
    return fallback;
  }

  private static Path model() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path m = p.resolve("examples/shop/model.json");
      if (Files.exists(m)) {
        return m;
      }
    }
    throw new IllegalStateException("examples/shop/model.json not found");
  }
}
