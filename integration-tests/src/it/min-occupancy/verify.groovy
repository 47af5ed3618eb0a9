// minOccupancy 40: the kernel limited by shared memory to 25 % on sm_75 fails the build, named
// with its occupancy and limiter; on sm_90 (50 %) and the small kernel it is not named; the class
// gets no module, and every kernel's build line ends with its occupancy.
def log = new File(basedir, 'build.log').text
assert log =~ /\[ERROR\] jptx: kernel dev\.it\.Tiles\.reverse \[sm_75\] has occupancy 25% \(shared memory\), below minOccupancy 40%/
assert !(log =~ /kernel dev\.it\.Tiles\.reverse \[sm_90\] has occupancy/)
assert !(log =~ /kernel dev\.it\.Tiles\.scale \[\w+\] has occupancy/)
assert log =~ /jptx: dev\.it\.Tiles\.reverse \[sm_90\]: \d+ registers, .*, occupancy 50% \(shared memory\)/
assert log =~ /jptx: dev\.it\.Tiles\.scale \[sm_75\]: \d+ registers, .*, occupancy 100% \(warps\)/
assert log =~ /on project min-occupancy: jptx: kernel dev\.it\.Tiles\.reverse \[sm_75\] has occupancy 25% \(shared memory\), below minOccupancy 40%/
def jptx = new File(basedir, 'target/classes/META-INF/jptx')
assert !new File(jptx, 'dev/it/Tiles').exists() : "a module of dev.it.Tiles is left"
return true
