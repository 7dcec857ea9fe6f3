//! `cargo xtask`: tasks that are programs rather than crates.
//!
//! - `cargo xtask bundle BIN...` writes `target/bundle/BIN.rs` for each judge driver named;
//! - `cargo xtask bundle --all` writes the file of every judge driver;
//! - `cargo xtask cputime PROGRAM INPUT [RUNS]` reports the median CPU time
//!   of whole runs of a program on an input, as a judge charges it;
//! - `cargo xtask report [--every N]` runs every algorithm on a sample of the
//!   8-puzzle and writes `benches/report/report.csv` and `report.svg`, and
//!   the reductions of n x n boards, `large.csv` and `large.svg`;
//! - `cargo xtask web [--serve] [--port N] [--measure]` builds the web page (`web/` and
//!   `crates/web`) into `target/web/`, and with `--serve` serves it on the
//!   loopback (port 8000 by default; see docs/web.md) and opens it in the
//!   desktop's browser where there is one; `--measure` prints
//!   the figures of its targets, measured in headless Chromium;
//! - `cargo xtask man` writes the manual pages of `slide` (made from its
//!   clap definitions by `slide man`) into `target/man`;
//! - `cargo xtask slurm-check` (opt-in: as root, it installs Debian's
//!   `slurm-wlm` and `munge` if missing and starts their daemons) builds
//!   `slide`, starts a one-node Slurm cluster, solves Korf and Felner's #38
//!   and #40 through `slide units run` and `sbatch --array`, checks their
//!   lengths and stops every daemon it started (`xtask/slurm/check.sh`).

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask bundle (BIN... | --all)\n       cargo xtask cputime PROGRAM INPUT [RUNS]\n       cargo xtask report [--every N]\n       cargo xtask web [--serve] [--port N] [--measure]\n       cargo xtask man\n       cargo xtask slurm-check";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let (task, rest) = args.split_first().ok_or(USAGE)?;
    if task == "cputime" {
        return cputime(rest);
    }
    if task == "report" {
        return report(rest);
    }
    if task == "slurm-check" {
        return slurm_check();
    }
    if task == "web" {
        return web(rest);
    }
    if task == "man" {
        let root = xtask::workspace_root();
        let status = std::process::Command::new(env!("CARGO"))
            .args(["run", "--quiet", "--locked", "-p", "slide", "--", "man", "target/man"])
            .current_dir(&root)
            .status()
            .map_err(|e| format!("cargo run -p slide: {e}"))?;
        return if status.success() {
            Ok(())
        } else {
            Err(format!("slide man ended with {status}"))
        };
    }
    if task != "bundle" || rest.is_empty() {
        return Err(format!("unknown task or missing argument\n{USAGE}"));
    }
    let root = xtask::workspace_root();
    let drivers = xtask::judge_drivers(&root)?;
    let chosen: Vec<String> = if rest == ["--all"] {
        drivers
    } else {
        for name in rest {
            if !drivers.contains(name) {
                return Err(format!(
                    "{name} is not a judge driver; the drivers are: {}",
                    drivers.join(", ")
                ));
            }
        }
        rest.to_vec()
    };
    let out_dir = root.join("target/bundle");
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("creating {}: {e}", out_dir.display()))?;
    for name in &chosen {
        let source = xtask::bundle(&root, name)?;
        let path = out_dir.join(format!("{name}.rs"));
        std::fs::write(&path, &source).map_err(|e| format!("writing {}: {e}", path.display()))?;
        eprintln!("wrote {} ({} bytes)", path.display(), source.len());
    }
    Ok(())
}

/// `cargo xtask web [--serve] [--port N] [--measure]`.
fn web(args: &[String]) -> Result<(), String> {
    let mut serve = false;
    let mut measure = false;
    let mut port = 8000u16;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--serve" => serve = true,
            "--measure" => measure = true,
            "--port" => {
                let value = rest.next().ok_or("--port needs a number")?;
                port = value
                    .parse()
                    .map_err(|_| format!("--port: {value:?} is not a port number"))?;
            }
            _ => return Err(format!("web: unknown argument {arg:?}\n{USAGE}")),
        }
    }
    let root = xtask::workspace_root();
    let dir = xtask::web::build(&root)?;
    if measure {
        println!("{}", xtask::web::measure(&root, dir.clone())?);
    }
    if serve {
        let listener = std::net::TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("port {port}: {e}"))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        println!("serving the page on http://{address}/ (Ctrl-C stops)");
        // Where there is a desktop, its browser opens the page; elsewhere
        // (a server, CI) the address above is all.
        let opener = match cfg!(target_os = "macos") {
            true => Some("open"),
            false => (std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some())
                .then_some("xdg-open"),
        };
        if let Some(opener) = opener {
            let _ = std::process::Command::new(opener)
                .arg(format!("http://{address}/"))
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn();
        }
        xtask::web::serve(listener, dir);
    }
    Ok(())
}

fn cputime(args: &[String]) -> Result<(), String> {
    let (program, input, runs) = match args {
        [program, input] => (program, input, 50),
        [program, input, runs] => (
            program,
            input,
            runs.parse().map_err(|_| format!("RUNS is a count, not {runs:?}"))?,
        ),
        _ => return Err(USAGE.to_string()),
    };
    if runs == 0 {
        return Err("RUNS must be at least 1".to_string());
    }
    let line = xtask::cputime::report(std::path::Path::new(program), std::path::Path::new(input), runs)?;
    println!("{line}");
    Ok(())
}

fn report(args: &[String]) -> Result<(), String> {
    let root = xtask::workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let status = std::process::Command::new(cargo)
        .args([
            "run",
            "--release",
            "--quiet",
            "--package",
            "slide-benches",
            "--features",
            "bench",
            "--bin",
            "report",
            "--",
            "--out",
        ])
        .arg(root.join("benches/report"))
        .args(args)
        .current_dir(&root)
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the report failed ({status})"))
    }
}

/// `cargo xtask slurm-check`: builds `slide` and runs `xtask/slurm/check.sh`
/// with it.
fn slurm_check() -> Result<(), String> {
    let root = xtask::workspace_root();
    let run = |command: &mut std::process::Command| {
        let status = command
            .current_dir(&root)
            .status()
            .map_err(|e| format!("{command:?}: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("{command:?} ended with {status}"))
        }
    };
    run(std::process::Command::new(env!("CARGO")).args(["build", "--release", "--locked", "-p", "slide"]))?;
    run(std::process::Command::new("bash").args(["xtask/slurm/check.sh", "target/release/slide"]))
}
