//! What a person sees in a terminal, tested in a real pseudo-terminal (tmux): the progress bar of a long run, and
//! that Ctrl-C erases it whatever the terminal's width.

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn new(width: u32) -> Tmux {
        let socket = format!("grundy-test-{}-{width}", std::process::id());
        let t = Tmux { socket };
        let ok = Command::new("tmux")
            .args(["-L", &t.socket, "new-session", "-d", "-s", "t", "-x"])
            .arg(width.to_string())
            .args(["-y", "8", "bash --norc --noprofile"])
            .status()
            .expect("tmux is needed for the terminal tests (apt-get install tmux)");
        assert!(ok.success());
        t
    }
    fn keys(&self, keys: &[&str]) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "t"])
            .args(keys)
            .status()
            .unwrap();
        assert!(ok.success());
    }
    fn screen(&self) -> String {
        let o = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-t", "t", "-p"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    }
    /// Waits until the screen shows `what` (at most 20 s).
    fn wait_for(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(what) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {what:?}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

#[test]
fn ctrl_c_erases_the_progress_bar_at_any_width() {
    let dir = std::env::temp_dir().join(format!("grundy-term-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for width in [30, 61, 200] {
        let t = Tmux::new(width);
        let out = dir.join(format!("run{width}.seq"));
        let cmd = format!(
            "clear; {} seq 0.6 --to 400000000 --threads 1 --out {}; echo EXIT=$?",
            env!("CARGO_BIN_EXE_grundy"),
            out.display()
        );
        t.keys(&[&cmd, "Enter"]);
        // The bar appears after a second: the game's name, then the bar.
        let during = t.wait_for("0.6 to 400000000 [");
        assert!(
            during
                .lines()
                .all(|l| l.chars().count() <= width as usize - 3),
            "the bar fits the width {width}:\n{during}"
        );
        t.keys(&["C-c"]);
        let after = t.wait_for("EXIT=130");
        assert!(
            !after.contains("[#") && !after.contains("[-") && !after.contains("/s,"),
            "the bar is erased at width {width}:\n{after}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
