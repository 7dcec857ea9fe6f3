//! `cargo xtask cputime`: the CPU time of whole runs of a program, the way a
//! judge charges it (user plus system time of the process), over many runs.

use std::fs::File;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run cost.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    /// User plus system CPU time.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
}

/// Runs `program` once with standard input from `input`, its output
/// discarded, and returns its CPU and wall time; fails if it fails.
pub fn run_once(program: &Path, input: &Path) -> Result<Run, String> {
    let stdin = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let started = Instant::now();
    let child = Command::new(program)
        .stdin(stdin)
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; `status` likewise.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let wall = started.elapsed();
    if pid < 0 {
        return Err(format!("wait4: {}", std::io::Error::last_os_error()));
    }
    let status = std::process::ExitStatus::from_raw(status);
    if !status.success() {
        return Err(format!("{} exited with {status}", program.display()));
    }
    let time = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    Ok(Run {
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        wall,
    })
}

/// The median of `values`, which must not be empty.
pub fn median(values: &mut [Duration]) -> Duration {
    values.sort();
    values[values.len() / 2]
}

/// Runs `program` on `input` `runs` times (after two unmeasured runs) and
/// describes the median, smallest and largest CPU and wall times.
pub fn report(program: &Path, input: &Path, runs: usize) -> Result<String, String> {
    for _ in 0..2 {
        run_once(program, input)?;
    }
    let results: Vec<Run> = (0..runs).map(|_| run_once(program, input)).collect::<Result<_, _>>()?;
    let mut cpu: Vec<Duration> = results.iter().map(|r| r.cpu).collect();
    let mut wall: Vec<Duration> = results.iter().map(|r| r.wall).collect();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (cpu_median, wall_median) = (median(&mut cpu), median(&mut wall));
    Ok(format!(
        "{} < {}: {runs} runs, CPU median {:.3} ms (min {:.3}, max {:.3}), wall median {:.3} ms",
        program.display(),
        input.display(),
        ms(cpu_median),
        ms(cpu[0]),
        ms(cpu[runs - 1]),
        ms(wall_median),
    ))
}
