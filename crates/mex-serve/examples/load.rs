//! A bounded load test of the playground server on 127.0.0.1: the server
//! runs in this process (default limits), `--connections` clients
//! (keep-alive HTTP/1.1, one thread each) send a mix of cheap and
//! expensive valid requests for `--seconds`, and the run reports
//! requests/s, p50/p99 latency, errors (any answer but 200 with a JSON
//! body) and the peak memory of the process (VmHWM, server and clients).
//!
//!     cargo run --release -p mex-serve --example load -- --seconds 30 --connections 64
//!
//! Exits with status 1 when any request failed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The mix: cheap requests (the catalog, Nim by Bouton's formula, a page)
/// and expensive ones (canonical forms of Domineering, the remoteness
/// search, the shift game's arena).
const MIX: &[&str] = &[
    "/api/games",
    "/api/value?game=nim&position=3,4,5",
    "/",
    "/api/moves?game=nim&position=7,9,12",
    "/api/moves?game=domineering&position=4x4",
    "/api/best?game=nim&position=4,5,6",
    "/api/moves?game=shift-game&position=0000000000",
    "/api/best?game=kayles&position=IIIIIIIIIII",
    "/api/value?game=domineering&position=3x5",
    "/api/moves?game=ssc&position=BBW%20WB%20BWB",
];

/// Sends one request on a keep-alive connection; the status and body.
fn send(
    stream: &mut TcpStream,
    reader: &mut BufReader<TcpStream>,
    target: &str,
) -> std::io::Result<(u16, Vec<u8>)> {
    write!(stream, "GET {target} HTTP/1.1\r\nHost: load\r\n\r\n")?;
    let mut status = 0;
    let mut length = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if status == 0 {
            status = l
                .split(' ')
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
        } else if let Some((k, v)) = l.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    Ok((status, body))
}

fn client(addr: SocketAddr, seed: usize, stop: Arc<AtomicBool>) -> (Vec<Duration>, u64) {
    let mut latencies = Vec::new();
    let mut errors = 0;
    let connect = || -> std::io::Result<(TcpStream, BufReader<TcpStream>)> {
        let s = TcpStream::connect(addr)?;
        s.set_nodelay(true)?;
        let r = BufReader::new(s.try_clone()?);
        Ok((s, r))
    };
    let Ok((mut stream, mut reader)) = connect() else {
        return (latencies, 1);
    };
    let mut i = seed;
    while !stop.load(Ordering::Relaxed) {
        let target = MIX[i % MIX.len()];
        i += 1;
        let t = Instant::now();
        match send(&mut stream, &mut reader, target) {
            Ok((200, body))
                if target == "/" || serde_json::from_slice::<serde_json::Value>(&body).is_ok() =>
            {
                latencies.push(t.elapsed());
            }
            Ok((status, body)) => {
                errors += 1;
                eprintln!("{target}: {status} {}", String::from_utf8_lossy(&body));
            }
            Err(e) => {
                errors += 1;
                eprintln!("{target}: {e}");
                match connect() {
                    Ok((s, r)) => (stream, reader) = (s, r),
                    Err(_) => return (latencies, errors),
                }
            }
        }
    }
    (latencies, errors)
}

fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() {
    let mut seconds = 30u64;
    let mut connections = 64usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok());
        match (pair[0].as_str(), value) {
            ("--seconds", Some(v)) => seconds = v,
            ("--connections", Some(v)) => connections = v as usize,
            _ => {
                eprintln!("load: usage: load [--seconds N] [--connections N]");
                std::process::exit(2);
            }
        }
    }
    let addr = mex_serve::spawn("127.0.0.1:0", mex_serve::Config::default()).unwrap_or_else(|e| {
        eprintln!("load: {e}");
        std::process::exit(2)
    });
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let handles: Vec<_> = (0..connections)
        .map(|c| {
            let stop = stop.clone();
            std::thread::spawn(move || client(addr, c, stop))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(seconds));
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    let mut errors = 0;
    for h in handles {
        let (l, e) = h.join().unwrap();
        all.extend(l);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.sort();
    let pct = |p: f64| {
        all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    println!(
        "load test: {connections} connections, {seconds} s, {} request kinds",
        MIX.len()
    );
    println!("requests   {}", all.len() as u64 + errors);
    println!("req/s      {:.0}", all.len() as f64 / elapsed);
    println!("p50        {:.2} ms", pct(0.50));
    println!("p99        {:.2} ms", pct(0.99));
    println!("errors     {errors}");
    match peak_memory_mib() {
        Some(m) => println!("peak mem   {m:.1} MiB (VmHWM, server and clients)"),
        None => println!("peak mem   unknown (no /proc)"),
    }
    if errors > 0 {
        std::process::exit(1);
    }
}
