// failOnSpills: the spilling kernel fails the build, named with its bytes per target; the one
// that fits registers is not named; no module of the class is written.
def log = new File(basedir, 'build.log').text
for (t in ['sm_75', 'sm_90']) {
  def spill = /\[ERROR\] jptx: kernel dev\.it\.Heavy\.heavy \[${t}\] spills registers: (\d+) B spill stores, (\d+) B spill loads/
  def m = log =~ spill
  assert m.find() : "no spill error for heavy [${t}]"
  assert (m.group(1) as int) + (m.group(2) as int) > 0
}
assert !(log =~ /kernel dev\.it\.Heavy\.light \[\w+\] spills/)
assert log =~ /on project fail-on-spills: jptx: failOnSpills is set and kernel dev\.it\.Heavy\.heavy \[sm_75\] spills registers: \d+ B spill stores/
// the build left no module for the failing class (light's included: a class is all or nothing)
def jptx = new File(basedir, 'target/classes/META-INF/jptx')
assert !new File(jptx, 'dev/it/Heavy').exists() : "a module of dev.it.Heavy is left: ${new File(jptx, 'dev/it/Heavy').list()}"
def index = new File(jptx, 'kernels.list')
assert !index.exists() || !index.text.contains('dev.it.Heavy') : 'kernels.list lists dev.it.Heavy'
return true
