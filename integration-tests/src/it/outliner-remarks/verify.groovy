// optimizeForSize with remarks=outliner: the outliner's remark is an [INFO] line at the kernel's
// source line under the source root, saying what it saved; the module declares and calls the
// outlined function. Only the outliner's family is printed.
def log = new File(basedir, 'build.log').text
def path = 'src/main/java/dev/it/Chain.java'
def saved = ~/\[INFO\] ${java.util.regex.Pattern.quote(path)}:\d+: remark: kernel dev\.it\.Chain\.chain: Saved \d+ PTX instructions by outlining \d+ instructions from \d+ locations into OUTLINED_FUNCTION_0/
assert (log =~ saved).find() : 'no outliner remark in the build log: ' + log.readLines().findAll { it.contains('remark: ') }
assert !log.contains('Pipelined') : 'a pipeliner remark was printed'
def ptx = new File(basedir, 'target/classes/META-INF/jptx/dev/it/Chain/sm_90.ptx').text
assert ptx.contains('call (retval0), OUTLINED_FUNCTION_0')
return true
