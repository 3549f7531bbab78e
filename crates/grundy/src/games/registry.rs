//! The catalog as one table: every game `grundy` knows by name, with its aliases, kind, one-line help and
//! constructor. `grundy games`, the lookup of a game by name and the help text are all made from it, and a crate
//! that depends on the library adds its own games with [`Registry::register`].
//!
//! A game is looked up by a *spec*: a name (`kayles`), a parametrised name (`subtraction:1,3,4`, `bash:3`), or a
//! take-and-break code (`0.77`, `4!.0`), which needs no entry. The constructor returns the game behind
//! [`AnyGame`], the catalog's view of a [`Game`] whose positions are written as words: it reads words into
//! positions with the game's own [`crate::Notation::parse`] and adds them to a [`Sum`].

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::NotationView;
use crate::game::TableView;
use crate::game::{Game, Known};
use crate::heap::{all_but_code, parse_amounts, subtraction_code, HeapGame, TakeAndBreak};
use crate::nimber::Nimber;
use crate::parts::Sum;
use crate::solver::Solver;
use crate::table_file::SavedTable;
use std::rc::Rc;

/// What kind of game an entry is: what its positions look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Positions are heaps (sums of heaps); the game has a nim-value sequence (`grundy seq`, `grundy period`).
    Heap,
    /// Positions are boards, pairs, sets of numbers: anything but a heap.
    Board,
    /// Tokens on a digraph read from a file.
    Graph,
    /// Not impartial: a scoring game, answered by its own report, with no nim-value and no place in a sum.
    Scoring,
}

/// A game of the catalog with its positions written as words: the one view of a game the command line needs.
///
/// Every [`Game`] has it through [`erase`] (or [`erase_heap`] for heap games, valued from their sequence), so a
/// game states its rules once, in [`Game`], and never implements this trait itself (it is sealed). The one
/// exception, inside the library, is a game that is not impartial ([`Kind::Scoring`]), which answers
/// [`AnyGame::scoring`] and has no [`Game`] at all.
pub trait AnyGame: sealed::Sealed {
    /// The game's name.
    fn name(&self) -> String;
    /// What a position looks like on the command line, e.g. `HEAP...`.
    fn position_syntax(&self) -> &'static str;
    /// The game as a heap game, when its positions are heaps.
    fn heap_game(&self) -> Option<Rc<HeapGame>>;
    /// Reads positions from `words` (the game's text syntax), validates them, and adds them to `sum`.
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()>;
    /// How many whole numbers name a position in a table ([`crate::Tabular::parameters`]): 0, 1 or 2.
    fn parameters(&self) -> usize {
        0
    }
    /// The convention the game's own rules are played under ([`Game::play`]).
    fn play(&self) -> crate::Play {
        crate::Play::Normal
    }
    /// What the answers found so far rest on beyond the rules ([`crate::game::NotationView::note`]: a script's
    /// lines or pairs answered as the catalog game they were recognised as), read after the answers.
    fn note(&self) -> Option<String> {
        None
    }
    /// An error when the game is played misère by its own rules, for a request (`what`: "a table", "a period") that
    /// reads normal-play nim-values, which do not describe such a game; `Ok` otherwise.
    fn normal_values_only(&self, what: &str) -> Result<()> {
        if self.play() == crate::Play::Misere {
            return Err(Error::unsupported(format!(
                "{} is played misère by its own rules (the last mover loses), so {what} of normal-play nim-values does not describe it; its misère nim-values are listed by 'grundy seq' (a heap game) and positions are answered by 'grundy value'",
                self.name()
            )));
        }
        Ok(())
    }
    /// [`crate::Tabular::table_extent`].
    fn table_extent(&self) -> Option<u64> {
        None
    }
    /// Normal-play nim-values of the positions named by `cells` (each of [`AnyGame::parameters`] numbers, by
    /// [`crate::Tabular::position_at`]), in order, with one memo shared by all of them: `None` for numbers that name no
    /// position. Closed forms answer first; the rest is search within the context `cx` (its limits, threads and
    /// progress, which a closed form that searches reports to). `progress` is called with the number of cells done. An error for a position that fails validation or a limit.
    fn values_at(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Vec<Option<Nimber>>> {
        let _ = (cells, cx, progress);
        Err(Error::input(format!(
            "{}: positions of this game are not numbered, so it has no table",
            self.name()
        )))
    }
    /// [`AnyGame::values_at`], pushing each cell's value onto `out` as it is found, so that the cells valued before
    /// an error (a limit reached) are kept there. A game that values its cells all at once pushes none before an
    /// error.
    fn values_into(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
        out: &mut Vec<Option<Nimber>>,
    ) -> Result<()> {
        out.extend(self.values_at(cells, cx, progress)?);
        Ok(())
    }
    /// The outcome (normal play) of each cell standing alone (as [`AnyGame::values_at`] numbers them; `None` for
    /// numbers that name no position), with one memo: when only who wins is asked, a game searched move by move
    /// settles a cell by a win-loss search ([`crate::Solver::outcome_alone`]) without valuing it. The default reads
    /// the outcomes off [`AnyGame::values_at`].
    fn outcomes_alone(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
    ) -> Result<Vec<Option<crate::Outcome>>> {
        Ok(self
            .values_at(cells, cx, &mut |_| {})?
            .into_iter()
            .map(|v| v.map(crate::Outcome::of_nim_value))
            .collect())
    }
    /// For a scoring game: its own answer for the position in `words` (a scoring game has no nim-value).
    fn scoring(&self, words: &[String]) -> Option<Result<ScoringReport>> {
        let _ = words;
        None
    }
}

/// The answer for a position of a game that is not impartial: lines for people and named integers for programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoringReport {
    /// The answer in lines for people (newline-separated, no trailing newline needed).
    pub text: String,
    /// The same answer as named integers for programs, in a fixed order.
    pub fields: Vec<(String, u64)>,
}

pub(crate) mod sealed {
    /// Only the library's own views implement [`super::AnyGame`].
    pub trait Sealed {}
    impl<G> Sealed for super::Erased<G> {}
    impl Sealed for super::ErasedHeap {}
    impl Sealed for crate::games::fox_cards::FoxCards {}
    impl Sealed for crate::games::line::Line {}
}

struct Erased<G>(Rc<G>);

impl<G: Game + 'static> AnyGame for Erased<G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.0.name()
    }
    fn position_syntax(&self) -> &'static str {
        self.0.position_syntax()
    }
    fn heap_game(&self) -> Option<Rc<HeapGame>> {
        None
    }
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()> {
        let positions = self.0.parse(words)?;
        sum.add(&self.0, positions)?;
        Ok(())
    }
    fn parameters(&self) -> usize {
        self.0.parameters()
    }
    fn play(&self) -> crate::Play {
        self.0.play()
    }
    fn note(&self) -> Option<String> {
        crate::game::NotationView::note(&*self.0)
    }
    fn table_extent(&self) -> Option<u64> {
        self.0.table_extent()
    }
    fn values_at(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Vec<Option<Nimber>>> {
        let mut out = Vec::with_capacity(cells.len());
        self.values_into(cells, cx, progress, &mut out)?;
        Ok(out)
    }
    fn values_into(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
        out: &mut Vec<Option<Nimber>>,
    ) -> Result<()> {
        if self.0.parameters() == 0 {
            return Err(Error::input(format!(
                "{}: positions of this game are not numbered, so it has no table",
                self.0.name()
            )));
        }
        self.normal_values_only("a table")?;
        let mut solver = Solver::with_context(self.0.clone(), cx.clone());
        out.reserve(cells.len());
        for (done, cell) in cells.iter().enumerate() {
            let Some(p) = self.0.position_at(cell) else {
                out.push(None);
                continue;
            };
            self.0.validate(&p)?;
            let v = match self.0.known_value(&p, cx) {
                Some(v) => v,
                None => {
                    self.0.check_searchable(&p, &cx.limits)?;
                    solver.nim_value(&p)?
                }
            };
            out.push(Some(v));
            progress(done as u64 + 1);
        }
        Ok(())
    }
    /// A cell that a formula values (or a rule of outcomes answers) is answered so; any other is searched for its
    /// outcome alone, one solver for all the cells (a cell of several components by their nim-sum).
    fn outcomes_alone(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
    ) -> Result<Vec<Option<crate::Outcome>>> {
        if self.0.parameters() == 0 {
            return Err(Error::input(format!(
                "{}: positions of this game are not numbered, so it has no table",
                self.0.name()
            )));
        }
        self.normal_values_only("an outcome")?;
        let formulas = cx.clone().with_formulas_only(true);
        let mut solver = Solver::with_context(self.0.clone(), cx.clone());
        let own_engine = !self.0.outcome_by_search();
        let mut out = Vec::with_capacity(cells.len());
        for cell in cells {
            let Some(p) = self.0.position_at(cell) else {
                out.push(None);
                continue;
            };
            self.0.validate(&p)?;
            let known = self
                .0
                .known_value(&p, &formulas)
                .map(crate::Outcome::of_nim_value)
                .or_else(|| self.0.known_outcome(&p, crate::Play::Normal, &formulas));
            let outcome = match known {
                Some(o) => o,
                // Valued by the game's own engine (Cram's), as a table would value it.
                None if own_engine => match self.0.known_value(&p, cx) {
                    Some(v) => crate::Outcome::of_nim_value(v),
                    None => {
                        self.0.check_searchable(&p, &cx.limits)?;
                        crate::Outcome::of_nim_value(solver.nim_value(&p)?)
                    }
                },
                None => {
                    self.0.check_searchable(&p, &cx.limits)?;
                    match self.0.components(&p)?.as_slice() {
                        [one] => solver.outcome_alone(one)?,
                        parts => crate::Outcome::of_nim_value(solver.sum_value(parts)?),
                    }
                }
            };
            out.push(Some(outcome));
        }
        Ok(out)
    }
}

struct ErasedHeap(Rc<HeapGame>);

impl AnyGame for ErasedHeap {
    fn name(&self) -> String {
        self.0.name()
    }
    fn position_syntax(&self) -> &'static str {
        self.0.position_syntax()
    }
    fn heap_game(&self) -> Option<Rc<HeapGame>> {
        Some(self.0.clone())
    }
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()> {
        let heaps = self.0.parse(words)?;
        sum.add_heaps(&self.0, heaps)?;
        Ok(())
    }
    fn parameters(&self) -> usize {
        1
    }
    fn play(&self) -> crate::Play {
        self.0.play()
    }
    fn values_at(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Vec<Option<Nimber>>> {
        let limits = &cx.limits;
        let mut top = None;
        for cell in cells {
            match cell.as_slice() {
                [n] => top = top.max(Some(*n)),
                _ => {
                    return Err(Error::input(format!(
                        "{}: a heap is one number, not {}",
                        self.0.name(),
                        cell.len()
                    )))
                }
            }
        }
        self.normal_values_only("a table")?;
        let Some(top) = top else {
            return Ok(Vec::new());
        };
        if top > crate::heap::table::PERIOD_FROM {
            // Heaps past a table's reach: valued as `value` values them (a proved closed form, a certified period,
            // else the sequence to the heap, within the limits).
            limits.check_time()?;
            let mut table = crate::heap::table::HeapTable::new(self.0.clone());
            table.set_context(cx);
            let mut out = Vec::with_capacity(cells.len());
            for (done, c) in cells.iter().enumerate() {
                out.push(Some(table.value(c[0])?));
                progress(done as u64 + 1);
            }
            return Ok(out);
        }
        let (values, _) = crate::heap::sequence::nim_values(
            &*self.0,
            top,
            crate::heap::Engine::Auto,
            1,
            limits,
            progress,
        )?;
        Ok(cells.iter().map(|c| Some(values[c[0] as usize])).collect())
    }
}

/// Any game as the catalog sees it: positions read by [`crate::Notation::parse`], valued by the game's closed forms and then
/// by search.
pub fn erase<G: Game + 'static>(game: G) -> Box<dyn AnyGame>
where
    G::Position: 'static,
{
    Box::new(Erased(Rc::new(game)))
}

/// A game as the catalog sees it ([`erase`]), analysed through [`crate::games::erased::DynGame`]: by code compiled
/// once for every game made so, at the cost of a branch on the position's form for each comparison and hash, and an
/// allocation for each position held that is not a number, a pair or a list of numbers
/// ([`crate::games::erased::DynPos`]). For the games whose values come from closed forms, and the tuple and list
/// scripts (lists of numbers, held as they are: measured as fast); a game whose searches are long and whose positions
/// are of another type is made by [`erase`] (Cram, Chomp: its analyses compiled for its own positions) or, when
/// another game shares its position type, by [`erase_rules`] (Node and Arc Kayles).
pub fn erase_dyn<G: Game + 'static>(game: G) -> Box<dyn AnyGame>
where
    G::Position: 'static,
{
    erase(crate::games::erased::DynGame::new(game))
}

/// A game as the catalog sees it ([`erase`]) through a shared pointer to its rules: the analyses (the solver, sums,
/// winning moves, misère search) are compiled once for all the games whose positions are of type `P` made so, not
/// once per game type. Unlike [`erase_dyn`], positions are held as they are: the cost is a call through the pointer
/// for each method of the game an analysis asks (an option list, a memo key), none for a position held. For games
/// that share a position type: Node and Arc Kayles ([`crate::games::ugraph::GraphRules`]), the loopy games on one
/// number ([`crate::heap::HeapGame`]: a take-and-break code that adds tokens, a one-number script played loopy).
pub fn erase_rules<P>(game: Rc<dyn Game<Position = P>>) -> Box<dyn AnyGame>
where
    P: Clone + Eq + std::hash::Hash + std::fmt::Debug + 'static,
{
    erase(game)
}

/// A heap game ([`crate::HeapView::is_heap_game`]) as the catalog sees it: heaps valued from the game's nim-value sequence,
/// computed once by the cheapest exact method, and its sequence available to `seq` and `period`.
pub fn erase_heap(game: Rc<HeapGame>) -> Box<dyn AnyGame> {
    Box::new(ErasedHeap(game))
}

/// The constructor of a catalog game from its parameter (the text after `:`, lower-cased; `None` when absent).
pub type Make = fn(Option<&str>) -> Result<Box<dyn AnyGame>>;

/// One game of the catalog.
#[derive(Clone)]
pub struct Entry {
    /// The game's name on the command line (`kayles`, `subtraction`).
    pub name: &'static str,
    /// Other names it is found by (`sub`, `laskers-nim`).
    pub aliases: &'static [&'static str],
    /// The parameter's name when the game takes one after a colon (`S` in `subtraction:S`), else `None`.
    pub param: Option<&'static str>,
    /// What kind of game it is.
    pub kind: Kind,
    /// The take-and-break code, rule or position syntax, for the listing.
    pub spec: &'static str,
    /// One line saying what a move is (and the closed form, when there is one).
    pub summary: &'static str,
    /// Makes the game from its parameter.
    pub make: Make,
    /// What the game can do beyond what every game can: the lists the command line checks and shows (which games
    /// take `--threads`, which keep saved tables) are made from these, so a game added here lists itself.
    pub caps: Caps,
}

/// The capabilities of a catalog game beyond the analyses every game has ([`Entry::caps`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Caps {
    /// Its searches share their work among threads (`grundy value --threads N`): the Cram engine's tests, the graph
    /// games' search by tests ([`crate::SearchHints::value_on_threads`]).
    pub threads: bool,
    /// Its searches can be saved to a table file and resumed from it: how to make its table, fresh and empty
    /// ([`crate::table_file::SavedTable`]; [`crate::table_file::shared`] for the plain solver's memo). The one
    /// place that says which games keep saved tables: [`Registry::saved_table`] reads it.
    pub saved_table: Option<fn() -> Box<dyn SavedTable>>,
    /// A position names a graph (a file, or `edges:…` inline) that the game then holds: `graph` and `loopy-graph`,
    /// whose positions are nodes of that graph. A caller that keeps a game between calls (Python's) looks such a
    /// game up again for each position, so that one call's graph is never read as another's.
    pub holds_its_graph: bool,
}

impl Caps {
    /// No capability beyond the common ones.
    pub const NONE: Caps = Caps {
        threads: false,
        saved_table: None,
        holds_its_graph: false,
    };
}

impl Entry {
    /// The name as the listing shows it: `subtraction:S` for a game with a parameter.
    pub fn display_name(&self) -> String {
        match self.param {
            Some(p) => format!("{}:{p}", self.name),
            None => self.name.to_string(),
        }
    }

    /// The game as a catalog listing shows it ([`CatalogRow`]).
    pub fn row(&self) -> CatalogRow {
        CatalogRow {
            name: self.name,
            display_name: self.display_name(),
            aliases: self.aliases,
            param: self.param,
            kind: self.kind,
            spec: self.spec,
            summary: self.summary,
        }
    }
}

/// One catalog game as Python's `catalog()` and the web page list it: the one schema of a row.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CatalogRow {
    /// [`Entry::name`].
    pub name: &'static str,
    /// [`Entry::display_name`].
    pub display_name: String,
    /// [`Entry::aliases`].
    pub aliases: &'static [&'static str],
    /// [`Entry::param`].
    pub param: Option<&'static str>,
    /// [`Entry::kind`].
    pub kind: Kind,
    /// [`Entry::spec`].
    pub spec: &'static str,
    /// [`Entry::summary`].
    pub summary: &'static str,
}

/// The catalog: a table of [`Entry`]s, looked up by name, alias or code.
///
/// # Example
///
/// A crate adds its own game, then finds it by name like any built-in one.
///
/// ```rust
/// use grundy::games::registry::{erase, Entry, Kind, Registry};
/// use grundy::{Game, Notation, Options};
///
/// struct TakeOneOrTwo;
/// impl Game for TakeOneOrTwo {
///     type Position = u64;
///     fn name(&self) -> String { "take-1-or-2".into() }
///     fn options(&self, n: &u64, out: &mut Options<u64>) -> grundy::Result<()> {
///         for t in [1, 2] { if t <= *n { out.push_one(n - t); } }
///         Ok(())
///     }
///     fn notation(&self) -> Option<&dyn Notation<u64>> { Some(self) }
/// }
/// impl Notation<u64> for TakeOneOrTwo {
///     fn parse(&self, words: &[String]) -> Option<grundy::Result<Vec<u64>>> {
///         Some(words.iter().map(|w| grundy::error::parse_u64(w, "heap")).collect())
///     }
///     fn show(&self, n: &u64) -> String { n.to_string() }
/// }
///
/// let mut registry = Registry::builtin();
/// registry.register(Entry {
///     name: "take-1-or-2",
///     aliases: &[],
///     param: None,
///     kind: Kind::Heap,
///     spec: "take 1 or 2",
///     summary: "take one or two tokens; G(n) = n mod 3",
///     make: |_| Ok(erase(TakeOneOrTwo)),
///     caps: grundy::games::registry::Caps::NONE,
/// })?;
/// assert_eq!(registry.lookup("take-1-or-2")?.name(), "take-1-or-2");
/// assert!(registry.register(registry.entries()[0].clone()).is_err()); // names are unique
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Registry {
    entries: Vec<Entry>,
    /// Games made at run time ([`Registry::register_game`]): name, one line of help, and the closure that makes
    /// the game.
    made: Vec<Made>,
}

/// A game registered at run time (a rules script): its name, a line on it, and what makes it.
#[derive(Clone)]
struct Made {
    name: String,
    summary: String,
    make: Rc<dyn Fn() -> Result<Box<dyn AnyGame>>>,
}

impl Registry {
    /// An empty catalog (codes are still looked up).
    pub fn new() -> Self {
        Registry::default()
    }

    /// The games built into `grundy`.
    pub fn builtin() -> Self {
        Registry {
            entries: super::builtin_entries(),
            made: Vec::new(),
        }
    }

    /// Adds a game; an error when its name or an alias is already taken.
    pub fn register(&mut self, entry: Entry) -> Result<()> {
        for n in std::iter::once(&entry.name).chain(entry.aliases) {
            if self.find(n).is_some() || self.made.iter().any(|m| m.name == *n) {
                return Err(Error::input(format!(
                    "the catalog already has a game named '{n}'"
                )));
            }
        }
        self.entries.push(entry);
        Ok(())
    }

    /// Adds a game made at run time (a rules script, say), found by `name` (lower case, no parameter) like any
    /// other: `make` is called at each lookup. `summary` is its line in listings ([`Registry::runtime_games`]). An
    /// error when the name is taken.
    pub fn register_game(
        &mut self,
        name: &str,
        summary: &str,
        make: impl Fn() -> Result<Box<dyn AnyGame>> + 'static,
    ) -> Result<()> {
        let name = name.trim().to_ascii_lowercase();
        if self.find(&name).is_some() || self.made.iter().any(|m| m.name == name) {
            return Err(Error::input(format!(
                "the catalog already has a game named '{}'",
                crate::error::escape(&name)
            )));
        }
        self.made.push(Made {
            name,
            summary: summary.to_string(),
            make: Rc::new(make),
        });
        Ok(())
    }

    /// The games added at run time ([`Registry::register_game`]): name and summary, in the order added.
    pub fn runtime_games(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.made
            .iter()
            .map(|m| (m.name.as_str(), m.summary.as_str()))
    }

    /// Every entry, in the order of the listing.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The names of the games that have the capability `has` (e.g. `|c| c.threads`), in the order of the listing.
    pub fn names_with(&self, has: impl Fn(&Caps) -> bool) -> Vec<&'static str> {
        self.entries
            .iter()
            .filter(|e| has(&e.caps))
            .map(|e| e.name)
            .collect()
    }

    /// A fresh table, with an empty memo, for the game named `name` (or one of its aliases) when its searches can be
    /// saved ([`Caps::saved_table`]; the names [`Registry::names_with`]`(|c| c.saved_table.is_some())` lists).
    pub fn saved_table(&self, name: &str) -> Option<Box<dyn SavedTable>> {
        self.find(name)?.caps.saved_table.map(|make| make())
    }

    /// The entry of the game named `name` or one of its aliases (no parameter, no code).
    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.name == name || e.aliases.contains(&name))
    }

    /// Looks a game up by name, alias, parametrised name or take-and-break code.
    pub fn lookup(&self, spec: &str) -> Result<Box<dyn AnyGame>> {
        let lower = spec.trim().to_ascii_lowercase();
        if let Some(m) = self.made.iter().find(|m| m.name == lower) {
            return (m.make)();
        }
        let (head, param) = match lower.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (lower.as_str(), None),
        };
        if let Some(e) = self.find(head) {
            match (e.param, param) {
                (Some(_), Some(_)) | (None, None) => return (e.make)(param),
                (Some(_), None) => {
                    return Err(Error::input(format!(
                        "'{head}' needs a parameter, e.g. {}",
                        e.spec
                    )))
                }
                (None, Some(_)) => {}
            }
        }
        if spec
            .trim()
            .starts_with(|c: char| c.is_ascii_alphanumeric() || "&{*[".contains(c))
            && spec.contains('.')
        {
            return code_game(spec);
        }
        if spec.starts_with('{') {
            // A graph position copied as shown for a sum of components, `{6} + {3-4}`: the '+' began a new part.
            return Err(Error::input(format!(
                "unknown game '{}': the vertices of a graph position are one list after the graph, without '+' (e.g. node-kayles g.txt {{6}} {{3-4}})",
                crate::error::escape(spec)
            )));
        }
        Err(Error::input(format!(
            "unknown game '{}' (see 'grundy games' for names; a take-and-break code has a point, as in 0.77)",
            crate::error::escape(spec)
        )))
    }
}

/// The game of a take-and-break code: a heap game, or, for a code whose moves can add tokens, a loopy game
/// ([`crate::loopy::heap::LoopyCode`]) that only loopy analysis answers.
pub fn code_game(spec: &str) -> Result<Box<dyn AnyGame>> {
    let code = crate::heap::Code::parse(spec)?;
    if code.is_loopy() {
        return Ok(erase_rules::<u64>(Rc::new(
            crate::loopy::heap::LoopyCode::new(code),
        )));
    }
    Ok(erase_heap(Rc::new(TakeAndBreak::new(code)?)))
}

/// A named code of the catalog.
pub(crate) fn named_code(code: &str, name: &str) -> Result<Box<dyn AnyGame>> {
    Ok(erase_heap(Rc::new(TakeAndBreak::parse(code)?.named(name))))
}

/// `subtraction:S`: take `s` tokens for some `s` in `S`.
pub(crate) fn subtraction(param: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let set = parse_amounts(param.unwrap_or_default(), "subtraction amount")?;
    let code = subtraction_code(&set)?;
    let name = format!("subtraction:{}", join(&set));
    Ok(erase_heap(Rc::new(TakeAndBreak::new(code)?.named(&name))))
}

/// `allbut:S`: take any number of tokens except those in `S`.
pub(crate) fn all_but(param: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let p = param.unwrap_or_default();
    let set = if p.trim().is_empty() {
        vec![]
    } else {
        parse_amounts(p, "all-but amount")?
    };
    let code = all_but_code(&set)?;
    let name = format!("allbut:{}", join(&set));
    Ok(erase_heap(Rc::new(TakeAndBreak::new(code)?.named(&name))))
}

fn join(set: &[u64]) -> String {
    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Looks a game up in the built-in catalog ([`Registry::builtin`]).
pub fn lookup(spec: &str) -> Result<Box<dyn AnyGame>> {
    Registry::builtin().lookup(spec)
}

/// The catalog row of the game `spec` names (`kayles`, `subtraction:1,3,4`: the row of `subtraction`), with its
/// kind and capabilities; `None` for a take-and-break code or an unknown name.
pub fn entry(spec: &str) -> Option<Entry> {
    let lower = spec.trim().to_ascii_lowercase();
    let head = lower.split_once(':').map_or(lower.as_str(), |(h, _)| h);
    Registry::builtin().find(head).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalog is the one list of the games that keep saved tables: each such row makes a table of its own game
    /// (the file's tag is the row's name), found by name, and no other row makes one.
    #[test]
    fn a_row_that_keeps_saved_tables_makes_its_own_games_table() {
        let registry = Registry::builtin();
        let saved = registry.names_with(|c| c.saved_table.is_some());
        assert_eq!(saved, ["cram", "chomp", "node-kayles", "arc-kayles"]);
        for e in registry.entries() {
            let table = registry.saved_table(e.name);
            assert_eq!(table.is_some(), saved.contains(&e.name), "{}", e.name);
            if let Some(table) = table {
                assert_eq!(table.game(), e.name);
                assert_eq!(table.stored(), 0, "{}: a fresh table is empty", e.name);
            }
        }
        assert!(registry.saved_table("kayles").is_none());
        assert!(registry.saved_table("no-such-game").is_none());
    }

    #[test]
    fn heap_tables_come_from_the_sequence() {
        let kayles = lookup("kayles").unwrap();
        assert_eq!(kayles.parameters(), 1);
        let cells: Vec<Vec<u64>> = [0, 1, 2, 3, 4, 5, 71, 72]
            .iter()
            .map(|&n| vec![n])
            .collect();
        let values = kayles
            .values_at(&cells, &Context::default(), &mut |_| {})
            .unwrap();
        // Kayles' nim-values (OEIS A002186): 0 1 2 3 1 4 ..., G(71) = 7, G(72) = 4.
        let expect = [0, 1, 2, 3, 1, 4, 7, 4].map(Some);
        assert_eq!(values, expect);
        assert!(kayles
            .values_at(&[vec![1, 2]], &Context::default(), &mut |_| {})
            .is_err());
    }

    #[test]
    fn games_made_at_run_time_are_looked_up_by_name() {
        let mut r = Registry::builtin();
        r.register_game("Mine", "a heap game of mine", || lookup("kayles"))
            .unwrap();
        assert_eq!(r.lookup("mine").unwrap().name(), "kayles");
        assert_eq!(r.lookup(" MINE ").unwrap().name(), "kayles");
        assert_eq!(
            r.runtime_games().collect::<Vec<_>>(),
            [("mine", "a heap game of mine")]
        );
        // Names are unique across built-in and run-time games.
        assert!(r.register_game("kayles", "", || lookup("nim")).is_err());
        assert!(r.register_game("mine", "", || lookup("nim")).is_err());
        let mut e = r.entries()[0].clone();
        e.name = "mine";
        e.aliases = &[];
        assert!(r.register(e).is_err());
    }

    /// Node and Arc Kayles, made by [`erase_rules`] (one analysis for both), answer as their own types do: the
    /// grids' values against the plain solver on the game itself, through the table and through a sum, with the
    /// sum's value and its having winning moves; and the search on two threads gives the same values.
    #[test]
    fn games_erased_by_their_rules_answer_as_their_own_types() {
        use crate::games::{arc_kayles::ArcKayles, node_kayles::NodeKayles, ugraph};
        fn own<G: Game<Position = ugraph::Component>>(g: G, r: u64, c: u64) -> Nimber {
            Solver::new(g)
                .nim_value(&ugraph::grid(r, c).unwrap())
                .unwrap()
        }
        let cells: Vec<Vec<u64>> = (1..=3)
            .flat_map(|r| (1..=4).map(move |c| vec![r, c]))
            .collect();
        for name in ["node-kayles", "arc-kayles"] {
            let game = lookup(name).unwrap();
            assert_eq!(game.name(), name);
            let values = game
                .values_at(&cells, &Context::default(), &mut |_| {})
                .unwrap();
            let on_threads = game
                .values_at(&cells, &Context::default().with_threads(2), &mut |_| {})
                .unwrap();
            assert_eq!(values, on_threads, "{name}");
            for (cell, v) in cells.iter().zip(&values) {
                let expect = match name {
                    "node-kayles" => own(NodeKayles, cell[0], cell[1]),
                    _ => own(ArcKayles, cell[0], cell[1]),
                };
                assert_eq!(
                    *v,
                    Some(expect),
                    "{name} on the {}x{} grid",
                    cell[0],
                    cell[1]
                );
            }
            let mut sum = Sum::new();
            game.add_to(&mut sum, &["grid:3x3".to_string()]).unwrap();
            game.add_to(&mut sum, &["path:5".to_string()]).unwrap();
            let expect = match name {
                "node-kayles" => own(NodeKayles, 3, 3) ^ own(NodeKayles, 1, 5),
                _ => own(ArcKayles, 3, 3) ^ own(ArcKayles, 1, 5),
            };
            let crate::analysis::Report::Normal(a) = crate::analysis::analyse(
                &mut sum,
                crate::analysis::Convention::Normal,
                &Context::default(),
            )
            .unwrap() else {
                unreachable!("normal play gives a normal-play report")
            };
            assert_eq!(a.nim_value, Some(expect), "{name}");
            assert_eq!(a.winning_move_count() > 0, expect != 0, "{name}");
        }
    }

    #[test]
    fn games_without_numbering_have_no_table() {
        let chessmen = lookup("chessmen").unwrap();
        assert_eq!(chessmen.parameters(), 0);
        assert!(chessmen
            .values_at(&[vec![1]], &Context::default(), &mut |_| {})
            .is_err());
    }
}
